# A calls= line right after a cost line of a run the tokenizer summed (cfn=
# came before fn=x, so no line ends the run first): the run held the calls=
# line's tokens too, so the call read "14 1000" as its count and target and
# took 900 (rev's first line) as its cost, and rev lost that line.  Worked
# by hand: x calls t 3 times for 1,000; x 4 self, 1,004 inclusive; rev 900
# + 50 = 950; o 500; t 1,000; total 500 + 4 + 950 + 1,000 = 2,454.
annogrind --tree=both --inclusive=yes --auto=no model/callrun.cg
