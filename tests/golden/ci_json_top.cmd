# --top=2 and --inclusive: the two functions of largest inclusive Ir
# (main 220, work 190); callers/callees still name cut functions by id.
annogrind --format=json --inclusive=yes --top=2 ci/a.cg ci/b.cg
