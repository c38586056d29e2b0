# Source files of a hostile profile: only regular files with a size are
# read.  /dev/zero, /dev/urandom and /dev/null are "not a regular file" (never
# opened: they would never end), /proc/self/environ and /proc/self/cmdline
# say size 0 (they are not read, so the environment stays out of the
# report), "." is a directory, binary.c holds a NUL byte in its first block,
# empty.c has size 0: all listed, sorted, under "could not be read" with
# why, after "could not be found" (missing.c).  ok.c is annotated: main's
# 10 Ir of the total 19 on line 3 is 52.63%.  tests/suites/46-sources.sh
# adds a FIFO, a sparse file and a 3 MB line.
cd hostile-src && annogrind --threshold=100 names.cg
