# The Markdown of a comparison of n functions with 50n-byte names, every
# row asked (--top=100000): whole it is some 30 MB at n=2000
# (names-diff-md writes it with --markdown-max=none).  By default it is
# cut to a pull-request comment, and only its first 65,536 bytes are kept
# in memory: the rest is only scanned to count what goes, so memory stays
# flat and the work grows with the output written.
about="--diff --format=markdown cut to 65,536 bytes, of n functions with 50n-byte names"
sizes="1000 2000"
inputs="old.cg new.cg"
args="--diff --format=markdown --top=100000 old.cg new.cg"
gen() {
	awk -v n="$1" -v ev="Ir" -f "$top/tests/hostile/names.awk" >old.cg
	awk -v n="$1" -v ev="Ir" -v c=2 -f "$top/tests/hostile/names.awk" >new.cg
}
check_case() {
	[ "$(wc -c <out)" -le 65536 ] || { echo "$(wc -c <out) bytes"; return 1; }
	tail -1 out | grep -q '^\*\*Cut to fit 65,536 bytes\*\* .* left out the last [0-9]* of [0-9]* folded blocks and the last [0-9]* of [0-9]* rows of the table\.' ||
		{ echo "no note, or not the one expected: $(tail -1 out)"; return 1; }
}
