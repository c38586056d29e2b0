# Every cost is as wide as the event list: an "events:" line of n names
# and 8,000 functions of one cost line each (423 KB for 20,000 events)
# needed 1.3 GB.  Now the profile is refused where the model passes 24
# bytes for each byte read (or 32 MiB), with its line.
about="n events x 8,000 functions, each cost n wide"
sizes="10000 20000"
args="--auto=no --inclusive=yes in.cg"
status=3
expect_err="in.cg:[0-9]+: the profile needs more memory than annogrind gives it"
gen() {
	awk -v n="$1" 'BEGIN {
		printf "events:"
		for (i = 0; i < n; i++)
			printf " E%d", i
		print ""
		for (i = 0; i < 8000; i++)
			printf "fn=f%d\n1 1\n", i
	}' >in.cg
}
