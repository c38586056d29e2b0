# --format=callgrind spreads each file's function costs over its lines;
# where a line (or a function) got no share, it looked for the first
# function (line) defining as many events by scanning them all: lines x
# functions.  Two files trigger both scans: in a.c, n functions defining
# one event and then one function whose n lines define two; in b.c, n
# lines defining one event and then n functions on one line defining two.
# The first match is now found by binary search on running maxima.
about="--format=callgrind spreading costs, lines x functions"
sizes="2500 5000"
args="--format=callgrind in.cg"
gen() {
	awk -v n="$1" 'BEGIN {
		print "events: Ir Dr"
		print "fl=a.c"
		for (i = 1; i <= n; i++)
			printf "fn=f%d\n1 0\n", i
		print "fn=g"
		for (k = 2; k <= n + 1; k++)
			printf "%d 0 0\n", k
		print "fl=b.c"
		for (i = 1; i <= n; i++)
			printf "fn=p%d\n%d 0\n", i, i
		for (i = 1; i <= n; i++)
			printf "fn=h%d\n%d 0 0\n", i, n + 1
	}' >in.cg
}
