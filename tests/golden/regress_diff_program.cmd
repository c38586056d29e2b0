# --diff of two different programs (gawk against jq, hand-made profiles
# of 1,000 Ir each) pairs main and read_record by name and would print a
# confident table: a warning names both commands (exit 0, the table as
# asked).  Then no warning: the same program from another folder
# (/usr/bin/gawk and /opt/gawk-5.3/bin/gawk, other arguments), and
# gawk against jq again with a rename rule, which says the pairing is
# meant.  Only the warning is pinned here; stdout is thrown away.
annogrind --diff --auto=no regress/gawk.cg regress/jq.cg >/dev/null; echo "exit $?"
annogrind --diff --auto=no regress/gawk.cg regress/gawk_elsewhere.cg >/dev/null; echo "exit $?"
annogrind --diff --auto=no --mod-funcname='s/^read_/get_/' regress/gawk.cg regress/jq.cg >/dev/null; echo "exit $?"
