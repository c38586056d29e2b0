# --output=FILE writes the page there, nothing on standard output.
(PATH=/nonexistent; annogrind --format=html --output=/dev/null escape/html.cg); echo "exit $?"
