# --diff annotates source: calc.c named on the command line (as
# regress/calc.c; the profiles name calc.c), --context=1.  square's
# line 4 went 30 -> 50 (+20), its self change in the table (+20); main's
# lines are unchanged but the call line 11, 50 -> 70 (+20, 10x -> 10x, a
# change of inclusive cost), and the new profile's costs on line 20 (past
# the end of the 13-line file: +5) and line 0 (+3): main's self change
# +5 + 3 = +8.  Then auto-annotation from regress/, the default context
# of 8: one range holds the whole file.
annogrind --diff --context=1 regress/calc_old.cg regress/calc_new.cg regress/calc.c
cd regress && annogrind --diff calc_old.cg calc_new.cg | sed -n '/-- Auto-annotated/,$p'
# A source file that is not there is a usage error (exit 2), as without
# --diff; a third profile is not a source file: "--diff takes two profiles".
cd ..
annogrind --diff regress/calc_old.cg regress/calc_new.cg nosuch.c; echo "exit $?"
annogrind --diff regress/calc_old.cg regress/calc_new.cg regress/jq.cg; echo "exit $?"
