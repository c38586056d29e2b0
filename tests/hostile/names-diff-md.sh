# Two profiles of n functions of one file and one object whose names
# are 50n bytes each, named once with an id and then used by it; every
# function costs 1 in the old one and 2 in the new one, so every function
# is a row of the comparison.  The comparison copied "file\0name" into a
# key per function (400 MB for 2,000 functions and 100 KB names, refused
# by the memory cap) and wrote both names on every row.  Now names are
# keyed by address and cut past the budget (annogrind(1), Limits): the
# output stays under 50 bytes per byte of the two profiles.
about="--diff --format=markdown (every row) of two profiles of n functions with 50n-byte file and object names used by id"
sizes="1000 2000"
inputs="old.cg new.cg"
args="--diff --format=markdown --markdown-max=none --top=100000 old.cg new.cg"
# the generator is shared by the names-* classes
gen() {
	awk -v n="$1" -v ev="Ir" -f "$top/tests/hostile/names.awk" >old.cg
	awk -v n="$1" -v ev="Ir" -v c=2 -f "$top/tests/hostile/names.awk" >new.cg
}
check_case() {
	awk -f "$top/tests/hostile/names-check.awk" old.cg new.cg out
}
