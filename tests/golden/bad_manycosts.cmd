# 20,000 events and 8,000 functions of one cost line each: each cost takes
# 160,008 bytes; refused where the model passes 32 MiB (24 bytes a byte of
# this 232 KB profile would be less), at its line
awk 'BEGIN { printf "events:"; for (i = 0; i < 20000; i++) printf " E%d", i; print ""; for (i = 0; i < 8000; i++) printf "fn=f%d\n1 1\n", i }' |
	annogrind --auto=no -
