# Views keep the facts a profile states exactly (view/static-back.cg: a
# static cycle C -> M -> Y -> C through the match's only caller; the run
# it sums is in the file).  Worked by hand:
#  --focus=M: total 690 = I(M) = the calls C -> M (600 + 90); M shows 690;
#    C (M's only caller, outermost) is never under M and is not shown.
#    Y and Z split the rest by the gprof rule: 160 + 222 + 308 = 690.
#  --ignore=M: total 810 - 690 = 120; C drops by exactly 690 (760 -> 70).
#  --hide=M: total 810 to the count; M's 160 go to C, its calls become C's:
#    Y keeps 150 + 500 = 650 and Z 300 + 30 = 330, as before.
annogrind --inclusive=yes --tree=caller --focus=M view/static-back.cg 2>&1 | sed -n '/PROGRAM TOTALS/,/could not be found/p'
annogrind --inclusive=yes --ignore=M view/static-back.cg 2>&1 | sed -n '/PROGRAM TOTALS/p;/s\.c:/p'
annogrind --inclusive=yes --hide=M view/static-back.cg 2>&1 | sed -n '/PROGRAM TOTALS/p;/s\.c:/p'
