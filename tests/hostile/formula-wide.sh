# One formula of n terms (A + B + A + ...) and n functions: each cost
# evaluated term by term, n x n.  Equal events merged when expanding, the
# formula is 2 terms whatever n is.
about="one formula of n terms over n functions"
sizes="20000 40000"
args="--auto=no in.cg"
gen() {
	awk -v n="$1" 'BEGIN {
		print "events: A B"
		printf "event: S = A"
		for (k = 1; k < n; k++)
			printf " + %s", k % 2 ? "B" : "A"
		print ""
		for (i = 0; i < n; i++)
			printf "fn=f%d\n1 %d %d\n", i, i + 1, i % 7
	}' >in.cg
}
