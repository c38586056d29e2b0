# DOT shows at most 60 boxes by default: wide.cg is main (self 100)
# calling f01..f70, f_k costing 100 + k Ir, total 100 + 7,000 + 2,485 =
# 9,585.  Every function is above the default cut of 1% (95.85 Ir), 71
# boxes; the cut adapts to 60: main and f70 down to f12 (112 Ir, 1.17%),
# f11..f01 hidden, as the label says.  An explicit --threshold is kept as
# given (71 boxes), and --top=5 sets the number (5).
annogrind --format=dot regress/wide.cg | sed -n 2p
annogrind --format=dot regress/wide.cg | grep -c '^	f[0-9]* \[label'
annogrind --format=dot --threshold=99 regress/wide.cg | grep -c '^	f[0-9]* \[label'
annogrind --format=dot --top=5 regress/wide.cg | grep -c '^	f[0-9]* \[label'
