# --summary=function: each function name summed over the files it spans.  sq: sq.h's
# 30 + 12 = 42 (two fn=sq blocks of one file) and b.c's 8, 50 in all (22.22% of 225);
# helper: a.c 20 + b.c 5 = 25 (11.11%); main (100) and work (50) each in one file.
# Names by cost, ties by name (sq before work at 50); files under a name by cost.
# JSON "by": "function" and TSV rows of kind "function" have the same sums.
cd cachegrind && annogrind --auto=no --summary=function inl.cgout &&
annogrind --format=json --summary=function inl.cgout | sed -n '/"summary"/,/^  ]}/p' &&
annogrind --format=tsv --summary=function inl.cgout | grep '^function'
