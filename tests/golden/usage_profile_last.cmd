# A source file given before the profile: one message that says so (no
# warnings about the C source read as a profile); exit status 2.
cd demo && annogrind --auto=no qsort_hanoi.c callgrind.out.demo
