# A chain of formulas defined top-down, E_1 = E_2, E_2 = E_3, ...,
# E_n = R: 100,000 of them overflowed the stack of a recursive expansion
# (SIGSEGV).  Resolved in a topological order, without recursion.
about="formula chain E_k = E_(k+1), defined top-down"
sizes="20000 40000"
args="--auto=no --show=R in.cg"
gen() {
	awk -v n="$1" 'BEGIN {
		print "events: R"
		for (k = 1; k < n; k++)
			printf "event: E%d = E%d\n", k, k + 1
		printf "event: E%d = R\n", n
		print "fn=main"
		print "1 1"
	}' >in.cg
}
