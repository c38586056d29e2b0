# A profile names its file and object once, with an id, and then uses the
# ids: n functions of one file and one object whose names are 50n bytes
# each, then every function calls the one before.  Markdown wrote both
# names on every row: 1,000 functions and 50 KB names (142 KB) gave 200
# MB with --top=5000.  Past a budget of name bytes a long name written
# whole once is cut (annogrind(1), Limits), so the output stays under 50
# bytes per byte of profile and the work grows with the profile.
about="--format=markdown (every row) of n functions with 50n-byte file and object names used by id"
sizes="1000 2000"
args="--format=markdown --markdown-max=none --top=100000 in.cg"
# the generator is shared by the names-* classes
gen() {
	awk -v n="$1" -v ev="Ir" -f "$top/tests/hostile/names.awk" >in.cg
}
check_case() {
	awk -f "$top/tests/hostile/names-check.awk" in.cg out
}
