# Two gzip members in one file (gzip a.cg; gzip b.cg) > ab.cg.gz: one
# profile of two parts; totals 220 42 as in ci_multi_sum.
annogrind --auto=no --show-percs=no ci/ab.cg.gz
