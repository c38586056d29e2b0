# A file named twice is summed twice: totals 2*110 = 220 and 2*22 = 44;
# work 2*70 = 140.  (Only thread files found through their base name are
# read once, see ci_threads_glob.)
annogrind --auto=no --show-percs=no ci/a.cg ./ci/a.cg
