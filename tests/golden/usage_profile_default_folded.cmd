# Only a source file, beside the profile read with no argument, in
# --format=folded (which reads every argument as a profile): one message.
cd pick && annogrind --format=folded ../demo/qsort_hanoi.c
