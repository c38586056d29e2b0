# One function calling n others, each from a line of its own, in a source
# file that is annotated: for each call site the caller's calls were
# scanned for the callee's total, sites x callees (80,000 callees took
# 13 s).  The calls are now looked up in an index built once.
about="annotated source, one caller with n callees"
sizes="10000 20000"
args="in.cg"
inputs="in.cg src.c"
gen() {
	awk -v n="$1" 'BEGIN {
		for (i = 1; i <= n + 1; i++)
			printf "\tcall%d();\n", i >"src.c"
		print "events: Ir"
		print "fl=src.c"
		print "fn=main"
		for (i = 1; i <= n; i++)
			printf "%d 1\ncfn=(%d) f%d\ncalls=1 %d\n%d 3\n", i, i, i, i, i
		print "fl=lib.c"
		for (i = 1; i <= n; i++)
			printf "fn=(%d)\n1 3\n", i
	}' >in.cg
}
