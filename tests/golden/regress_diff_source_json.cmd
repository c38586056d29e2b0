# --diff --format=json lists the annotated source lines in "sources", the
# files the text report annotates (regress/calc.c named, standing for the
# profiles' calc.c; auto-annotation adds no other file).  Each line with a
# cost or a call, by number, as regress_diff_source works them out: line 4
# 30 -> 50 (+20), the call line 11 40 -> 40 with its call from main to
# square, 10x -> 10x, 50 -> 70 (+20), line 20 past the end 0 -> 5 and line 0
# 0 -> 3.  With --auto=no and no file named the list is empty.
annogrind --diff --format=json regress/calc_old.cg regress/calc_new.cg regress/calc.c | sed -n '/"sources"/,$p'
annogrind --diff --format=json --auto=no regress/calc_old.cg regress/calc_new.cg | sed -n '/"sources"/,$p'
