# line 10, +5 gives 15, -20 would give -5 (line 6): error
annogrind bad/relneg.cg
