# a full disk under a report (about 900 KB) larger than the output buffer
awk 'BEGIN { print "events: Ir"; for (i = 1; i <= 20000; i++) { print "fn=f" i; print "1 " i } }' |
	annogrind --auto=no --threshold=100 - >/dev/full
