# Rules written for cg_annotate's Python: each gets a warning when the options are read.
# '\d' is the letter d in POSIX ERE, so s/\d+$// leaves main alone; '.*?' is greedy then
# optional; (?i) is Perl's group: regcomp refuses it (exit 2, after its warning).  A rule
# with \w (the GNU C library's, as in Perl) and [0-9] gets none: main becomes mainx.
cd cachegrind && annogrind --no-annotate --mod-funcname='s/\d+$//' --mod-filename='s/a.*?c/X/' one.cgout
annogrind --no-annotate --mod-funcname='s/(?i)MAIN/m/' one.cgout; echo "exit $?"
annogrind --no-annotate --mod-funcname='s/^\w+[0-9]*$/&x/' one.cgout
