# The same chain defined bottom-up, E_1 = R, E_k = E_(k-1): each event
# expanded again from the bottom and each name looked up along every
# event: cubic, 4,000 events took 108 s.
about="formula chain E_k = E_(k-1), defined bottom-up"
sizes="2000 4000"
args="--auto=no --show=R in.cg"
gen() {
	awk -v n="$1" 'BEGIN {
		print "events: R"
		print "event: E1 = R"
		for (k = 2; k <= n; k++)
			printf "event: E%d = E%d\n", k, k - 1
		print "fn=main"
		print "1 1"
	}' >in.cg
}
