# Summed --separate-threads files: each thread has its own stack.  clone is
# called twice in the main thread (-01: calls=2, 36 Ir) and starts the
# stacks of threads 2 and 3, where nobody calls it: its own 7 + its call to
# start_thread 1,511,121 = 1,511,128 (all of -02), and 441,344 (all of -03).
# Inclusive: 36 + 1,511,128 + 441,344 = 1,952,508 (93.66% of 2,084,668).
# start_thread: 1,511,121 + the other thread's call, 1,952,458 in all.
annogrind --inclusive=yes ci/threads/callgrind.out.prodcons_septhreads | grep -E ':(clone|start_thread) '
# The folded stacks start at each thread's root: the main thread's loader
# entry (all of -01, 132,196, its calls to clone included), and clone for
# the two others: 1,511,128 + 441,344 = 1,952,472.
annogrind --format=folded --threshold=100 ci/threads/callgrind.out.prodcons_septhreads |
	awk '{ w = $NF; sub(/ [0-9]+$/, ""); split($0, f, ";"); s[f[1]] += w }
	     END { for (k in s) print s[k], k }' | sort -k2
