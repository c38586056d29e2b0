# A thread profiled into one file: clone's self cost and calls out (103)
# pass the calls made to it (2), so 101 Ir ran on a stack that starts at
# clone, as with --separate-threads, not under pthread_create (where the
# thread's 100 Ir used to hang).  clone's inclusive cost is 103, and the
# thread's stacks also start at clone under --focus and in the cut
# (--threshold=98: a stack of at most 2.5 Ir goes into its caller's box).
annogrind --format=folded --threshold=100 threads/onefile.cg
annogrind --inclusive=yes --limit='Ir:incl:clone=82%' --format=tsv threads/onefile.cg
annogrind --format=folded --focus=clone threads/onefile.cg
annogrind --format=folded --threshold=98 threads/onefile.cg
