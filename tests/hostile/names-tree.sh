# A profile names its file and object once, with an id, and then uses the
# ids: n functions of one file and one object whose names are 50n bytes
# each (and so is the event's), then every function calls the one before.
# Every report wrote both names on every row and padded every cost to the
# event's name: 2,000 functions and 100 KB names (287 KB) gave 400 to 800
# MB in every format, and twice the profile four times the work.  Past a
# budget of name bytes a long name written whole once is cut
# (annogrind(1), Limits), so the output stays under 50 bytes per byte of
# profile and the work grows with the profile.
about="--tree=caller (the caller's names on every call row) of n functions with 50n-byte file, object and event names used by id"
sizes="1000 2000"
args="--auto=no --tree=caller in.cg"
# the generator is shared by the six classes
gen() {
	awk -v n="$1" -v ev="long" -f "$top/tests/hostile/names.awk" >in.cg
}
check_case() {
	awk -f "$top/tests/hostile/names-check.awk" in.cg out
}
