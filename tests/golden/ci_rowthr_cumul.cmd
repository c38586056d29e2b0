# Both cuts: --threshold=90 keeps its callgrind_annotate meaning (rows until
# 90% is covered: work 50%, leaf 86.36% < 90 so extra is shown, then
# 93.18% >= 90 stops before main) and --row-threshold=5 lets rows of 5% or
# more through (extra 6.82%).
annogrind --auto=no --show-percs=no --threshold=90 --row-threshold=5 ci/a.cg ci/b.cg
