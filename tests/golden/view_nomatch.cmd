# A --focus, --ignore or --hide glob that matches no function is a usage
# error (exit 2), not an empty report; with --diff, one that matches in
# either profile is enough.
annogrind --focus=nosuch view/static-back.cg; echo "exit $?"
annogrind --focus=M --hide-object='nosuch*' view/static-back.cg; echo "exit $?"
annogrind --ignore='*:Q' view/static-back.cg; echo "exit $?"
# every glob is checked, whatever its kind and place, in the order given
annogrind --hide=M --focus=nosuchF view/static-back.cg; echo "exit $?"
annogrind --focus=M --focus=nosuch2 --ignore=Z view/static-back.cg; echo "exit $?"
annogrind --diff --focus=nosuch view/static-back.cg view/static-back.cg; echo "exit $?"
annogrind --diff --focus=M --format=tsv view/static-back.cg view/static-back.cg >/dev/null; echo "exit $?"
