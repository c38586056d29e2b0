# --focus inside a static cycle of n outermost functions, each calling
# the next and one far away ((37 i + 11) mod n): views.c solves such a
# cycle's equations at once (sparse elimination), and this graph makes
# the elimination fill in fast.  Past a few eliminations a term the solve
# gives up and the sweeps settle the cycle, as before: linear in n.
about="--focus in a static cycle of n functions whose elimination fills in"
sizes="500 1000"
args="--focus=f1 in.cg"
gen() {
	awk -v n="$1" 'BEGIN {
		print "creator: callgrind-3.19.0"
		print "events: Ir"
		print "fl=a.c"
		print "fn=main"
		print "1 5"
		print "cfn=f0\ncalls=1 1\n1 " 100 * n
		for (i = 0; i < n; i++) {
			printf "fn=f%d\n2 40\n", i
			printf "cfn=f%d\ncalls=1 1\n2 30\n", (i + 1) % n
			printf "cfn=f%d\ncalls=1 1\n2 20\n", (37 * i + 11) % n
		}
	}' >in.cg
}
