# --diff --format=markdown: after the callers and callees, one <details>
# block per top function with its source lines, from the first to the last
# line its code gives (and line 0 when it gives it), annotated as the text
# report annotates them (regress_diff_source): square's lines 3-5 with line
# 4 30 -> 50 (+20, its self change); main's lines 8-13 with the call line
# 11 (square 50 -> 70), line 20 past the end (+5) and line 0 (+3): +8, its
# self change.  The file named on the command line stands for calc.c and
# gets a block of its own, all its lines.
annogrind --diff --format=markdown --context=1 regress/calc_old.cg regress/calc_new.cg regress/calc.c | sed -n '/^### Source lines/,$p'
# Not found (run from regress/.. without naming it): the lines by number.
# --auto=no: no block for the functions, only for the files named.
annogrind --diff --format=markdown regress/calc_old.cg regress/calc_new.cg | sed -n '/^### Source lines/,$p' | sed -n '1,14p'
annogrind --diff --format=markdown --auto=no regress/calc_old.cg regress/calc_new.cg | grep -c '^### Source lines'
# A run of four backticks in regress/ticks.c: a fence of five (f: line 4 2 -> 5).
cd regress && annogrind --diff --format=markdown ticks_old.cg ticks_new.cg | sed -n '/^### Source lines/,$p'
