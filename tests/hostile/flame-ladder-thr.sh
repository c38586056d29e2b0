# A ladder: N levels of two functions, each calling both functions of the
# next level, and a leaf with a 50,000-byte name written once and then
# used by its id.  2^N paths from O(N) lines: the rebuilt stacks must stay
# bounded by the profile (a few per function and call, stacks.c), and a
# frame must point at its function's name, not copy it (the leaf would be
# copied once per leaf frame).  The flame graph with --threshold=100 (every stack).
about="--format=flamegraph --threshold=100 of a ladder of 2^N paths with a 50 KB leaf name"
sizes="18 36"
args="--format=flamegraph --threshold=100 in.cg"
# the generator is shared by the three classes
gen() {
	awk -v d="$1" -f "$top/tests/hostile/ladder.awk" >in.cg
}
