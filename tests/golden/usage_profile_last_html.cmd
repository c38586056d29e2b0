# The same in --format=html, which takes source files after the profile
# too (its pages annotate them).
cd demo && annogrind --format=html qsort_hanoi.c callgrind.out.demo
