# With no argument the first callgrind.out* is the 0-byte base: the thread
# files are summed as well (total 2,084,668 Ir, see ci_threads).
cd ci/threads && annogrind --auto=no --top=3
