# --format=callgrind on a profile of distinct lines with one cost each
# ("+1 1"): the writer spreads each function's cost over the lines of its
# file, one cost per function and line, each in a uthash entry and a
# malloc'ed cost of its own (over 150 bytes a line of 5 bytes): 45 bytes
# per byte read at the peak (a 73 KB gzip of 50 MB took 2.27 GB), over
# the ceiling of 40.  Now an open-addressing index (16 bytes a slot) and
# costs cut from chunks: 29 bytes per byte.  The size is the number of
# lines; the input is not compressed, so that the ceiling (40 bytes per
# byte of input) is above its 64 MiB floor and checks the peak.  Held
# to the growth rule too: 1.13e9 -> 2.29e9 Ir (2.03) when it was added.
about="--format=callgrind: N distinct lines of one function"
sizes="400000 800000"
args="--format=callgrind in.cg"
gen() {
	awk -v n="$1" 'BEGIN { printf "events: Ir\nfl=a.c\nfn=f\n1 1\n"; for (i = 0; i < n; i++) print "+1 1" }' >in.cg
}
check_case() {
	# every line written back: n + 1 cost lines of 1
	[ "$(grep -c '^[+0-9]* 1$' out)" = $(($1 + 1)) ]
}
