# The same in --format=json, which takes source files after the profile
# too (--format=callgrind and dot read every argument as a profile).
cd demo && annogrind --format=json qsort_hanoi.c callgrind.out.demo
