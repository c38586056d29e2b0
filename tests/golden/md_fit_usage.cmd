# --markdown-max takes a number of bytes, at least 1,024, or none: exit 2.
annogrind --format=markdown --markdown-max=100 gate/new.cg; echo "exit $?"
annogrind --format=markdown --markdown-max=64k gate/new.cg; echo "exit $?"
