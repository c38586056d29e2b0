# An "events:" line of n names: each checked against every earlier one for
# duplicates, n^2 (80,000 names took 34 s).  A hash of the names instead.
about="events: line of n names"
sizes="20000 40000"
args="--auto=no --show=E0 in.cg"
gen() {
	awk -v n="$1" 'BEGIN {
		printf "events:"
		for (k = 0; k < n; k++)
			printf " E%d", k
		print ""
		print "fn=main"
		print "1 1 2 3"
	}' >in.cg
}
