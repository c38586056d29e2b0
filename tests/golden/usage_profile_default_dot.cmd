# Only a source file, beside the profile read with no argument, in
# --format=dot (which reads every argument as a profile): one message.
cd pick && annogrind --format=dot ../demo/qsort_hanoi.c
