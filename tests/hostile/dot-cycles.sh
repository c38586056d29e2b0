# n two-function cycles drawn whole (--format=dot --threshold=100): each
# cycle's cluster was found by scanning every drawn node, cycles x nodes
# (100,000 cycles took 208 s).  Nodes are now grouped by cycle first.
about="--format=dot with n cycles"
sizes="5000 10000"
args="--format=dot --threshold=100 in.cg"
gen() {
	awk -v n="$1" 'BEGIN {
		print "events: Ir"
		print "fl=a.c"
		for (i = 0; i < n; i++) {
			printf "fn=a%d\n1 2\ncfn=b%d\ncalls=1 1\n1 1\n", i, i
			printf "fn=b%d\n1 2\ncfn=a%d\ncalls=1 1\n1 1\n", i, i
		}
	}' >in.cg
}
