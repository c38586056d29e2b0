# Each side of --diff is read like any profile argument: a --separate-threads
# base name stands for its thread files, summed; gzip is read directly
# (test data of the ci_ tests).
# Thread 1 against all threads: new total 132,196 + 1,511,128 + 441,344 =
# 2,084,668 (the three files' totals); change 2,084,668 - 132,196 =
# +1,952,472; 1,952,472 / 132,196 = 1476.952% (+1476.95%).  --threshold=0: no rows.
annogrind --diff --threshold=0 ci/threads/callgrind.out.prodcons_septhreads-01 ci/threads/callgrind.out.prodcons_septhreads | sed -n '/^Ir/,$p'
# a.cg against its gzip-compressed copy: nothing changed, no rows.
annogrind --diff ci/a.cg ci/a.cg.gz | sed -n '/^Ir/,$p'
