# At least X%: work is exactly 50% of 220 and is shown at --row-threshold=50.
annogrind --auto=no --show-percs=no --row-threshold=50 ci/a.cg ci/b.cg
