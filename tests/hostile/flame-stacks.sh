# Folded stacks rebuilt from a call graph made to be costly: a chain of n
# functions (each calls the next, so stacks are n deep) where each also
# calls one shared helper (a stack of it under every link), and a fan of
# n callers of a second helper that calls back into the chain's head (a
# static cycle through outermost names).  The rebuilt stacks and their
# fitting to exact inclusive costs (stacks.c) walk up stacks: bounded per
# stack, so linear in n.
about="--format=flamegraph of an n-deep chain, a shared helper and a fan"
sizes="2000 4000"
args="--format=flamegraph --threshold=100 in.cg"
gen() {
	awk -v n="$1" 'BEGIN {
		print "creator: callgrind-3.19.0"
		print "events: Ir"
		print "fl=a.c"
		print "fn=main"
		print "1 5"
		print "cfn=c0\ncalls=1 1\n1 " 100 * n + 10 * n
		print "cfn=fan\ncalls=1 1\n1 " 30 * n
		for (i = 0; i < n; i++) {
			printf "fn=c%d\n2 40\ncfn=help\ncalls=1 1\n2 50\n", i
			if (i + 1 < n)
				printf "cfn=c%d\ncalls=1 1\n2 %d\n", i + 1, 100 * (n - i - 1) + 10 * (n - i - 1)
		}
		print "fn=help\n3 " 50 * n
		print "fn=fan"
		print "4 " 10 * n
		for (i = 0; i < n; i++)
			printf "cfn=g%d\ncalls=1 1\n4 20\n", i
		for (i = 0; i < n; i++)
			printf "fn=g%d\n5 10\ncfn=help2\ncalls=1 1\n5 10\n", i
		print "fn=help2\n6 " 10 * n
	}' >in.cg
}
