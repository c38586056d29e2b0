# --separate-threads files found from their base name (in.cg stands for
# in.cg-1 ... in.cg-n): each was stat'ed against every one before it,
# n^2 (10,000 files took 108 s), and the folder was read again for each
# (its dumps, P.1 P.2 ...).  A hash of devices and inodes, and the folder
# listed once.  The stat calls are system calls: counted (sysCount; the
# instructions are mostly each file's own loader, which other classes check).
about="n thread files found from a base name"
sizes="500 1000"
args="--auto=no --threshold=100 --show-percs=no in.cg"
inputs="in.cg-*"
count=sysCount
gen() {
	awk -v n="$1" 'BEGIN {
		for (i = 1; i <= n; i++)
			printf "events: Ir\nthread: %d\nfn=t%d\n1 %d\n", i, i, i >("in.cg-" i)
	}'
}
