# A source file given before the profile in --format=pprof: the same one
# message and exit status 2 as in every format, nothing read.
cd demo && annogrind --format=pprof qsort_hanoi.c callgrind.out.demo
