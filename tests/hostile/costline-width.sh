# Cost lines of one count under many events: each line cleared every
# event's column of the line before (events x lines).  Now only the
# columns the line before wrote.  --format=json keeps line costs, so the
# lines are taken one by one (not summed in runs).
about="n cost lines of one count, n events"
sizes="4000 8000"
args="--format=json in.cg"
gen() {
	awk -v n="$1" 'BEGIN {
		printf "events:"
		for (i = 0; i < n; i++)
			printf " E%d", i
		print ""
		print "fl=a.c"
		print "fn=main"
		for (i = 0; i < n; i++)
			print "1 1"
	}' >in.cg
}
