# The same in --format=json, which takes source files after the profile
# too (the formats that read every argument as a profile: usage_profile_last_dot).
cd demo && annogrind --format=json qsort_hanoi.c callgrind.out.demo
