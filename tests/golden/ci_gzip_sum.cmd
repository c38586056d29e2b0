# A gzip profile summed with a plain one (sniffed as a profile by its gzip
# magic): totals 220 42 as in ci_multi_sum.
annogrind --auto=no --show-percs=no ci/b.cg ci/a.cg.gz
