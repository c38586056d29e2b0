# --diff of two different programs (gawk against jq, hand-made profiles
# of 1,000 Ir each): of jq's four functions only main has a namesake in
# gawk's, so the pairing by name would print a confident table of
# unrelated functions: a warning says how few pair and names both
# commands (exit 0, the table as asked).  Then no warning: the same
# program from another folder (/usr/bin/gawk and /opt/gawk-5.3/bin/gawk,
# other arguments), gawk against jq again with a rename rule, which says
# the pairing is meant, and two builds of one program under two names
# (regress/t1.cg, t2.cg: ./t1 and ./t2, built from tn.c with and without
# -DFAST, profiled under valgrind): their commands differ, but all five of
# t1's named functions pair.  Only the warning is pinned here; stdout is
# thrown away.
annogrind --diff --auto=no regress/gawk.cg regress/jq.cg >/dev/null; echo "exit $?"
annogrind --diff --auto=no regress/gawk.cg regress/gawk_elsewhere.cg >/dev/null; echo "exit $?"
annogrind --diff --auto=no --mod-funcname='s/^read_/get_/' regress/gawk.cg regress/jq.cg >/dev/null; echo "exit $?"
annogrind --diff --auto=no regress/t1.cg regress/t2.cg >/dev/null; echo "exit $?"
