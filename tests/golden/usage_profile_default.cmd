# Only a source file, beside a profile (pick/callgrind.out.123, the one
# read with no argument): the same one message, naming that profile.
cd pick && annogrind ../demo/qsort_hanoi.c
