# Formulas that double: E_k = E_(k-1) + E_(k-1), in runs of 31, so that
# E_k names 2^j copies of R: a 737-byte file of this kind ran without end
# (expanded recursively, term by term) while memory grew toward 16 GB.
# Expanded once per event, with equal events merged (coefficient 2^j),
# it costs one step per term written.
about="formulas E_k = E_(k-1) + E_(k-1)"
sizes="2000 4000"
args="--auto=no --show=R in.cg"
gen() {
	awk -v n="$1" 'BEGIN {
		print "events: R"
		for (k = 1; k <= n; k++)
			if (k % 32 == 1)
				printf "event: E%d = R + R\n", k
			else
				printf "event: E%d = E%d + E%d\n", k, k - 1, k - 1
		print "fn=main"
		print "1 1"
	}' >in.cg
}
