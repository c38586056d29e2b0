# A profile of many parts over many events: each part cleared and summed
# every event's column (self sums, the previous line, totals), events x
# parts for a few bytes a part.  Now only the columns the part wrote.
about="n parts over n events"
sizes="4000 8000"
args="--auto=no in.cg"
gen() {
	awk -v n="$1" 'BEGIN {
		printf "events:"
		for (i = 0; i < n; i++)
			printf " E%d", i
		print ""
		for (i = 0; i < n; i++)
			printf "part: %d\nfn=main\n1 1\ntotals: 1\n", i + 1
	}' >in.cg
}
