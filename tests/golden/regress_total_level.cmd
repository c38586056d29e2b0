# A level on the program total of a profile whose totals: line (1,000)
# says less than its cost lines sum to (5,000): the loader takes the sum,
# so 'Ir=2000' checks 5,000 and is broken; 'Ir=5000' holds (5,000 is not
# over 5,000).  A Cachegrind file keeps its summary: line (cg_annotate's
# percentages are of it), but a limit checks the larger of the line and
# the sum of the cost lines: sumlow.cgout says Dr 10, its lines sum to
# 10 + 10 = 20, and 'Dr=15' is broken on 20, saying so.  Exit 1 each.
# (sumlow.cgout is made here: every profile of testdata/ keeps its costs
# within its total, tests/corpus-incl.sh.)
annogrind --auto=no --limit=Ir=2000 --limit=Ir=5000 regress/total_lies.cg >/dev/null; echo "exit $?"
d=$(mktemp -d) &&
printf 'cmd: ./prog\nevents: Ir Dr\nfl=a.c\nfn=main\n3 100 10\n4 300 10\nsummary: 400 10\n' >"$d/sumlow.cgout" &&
(cd "$d" && annogrind --auto=no --limit=Dr=15 sumlow.cgout >/dev/null); rc=$?; rm -rf "$d"; exit $rc
