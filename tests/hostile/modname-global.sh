# --mod-funcname with 'g' on long names: each match searched again from a
# pointer into the name, so regexec() measured the rest of the name for
# every match, time in the square of the name's length (s/:/./g on a 2 MB
# name took 38 s).  Searches start at an offset now (REG_STARTEND).  The
# size is the length of each of 64 names (a ':' every other byte); names
# stay under the 8,192 bytes rules apply to (the class modname-long checks
# that limit).
about="--mod-funcname 's/:/./g' on 64 names of N bytes"
sizes="4000 8000"
args="--auto=no --threshold=100 --mod-funcname=s/:/./g in.cg"
gen() {
	awk -v n="$1" 'BEGIN {
		printf "events: Ir\nfl=a.c\n"
		for (i = 0; i < n / 2; i++) half = half "a:"
		for (k = 0; k < 64; k++) printf "fn=%s%02d\n1 1\n", half, k
	}' >in.cg
}
check_case() {
	# every name renamed: no ':' left in a function name
	! grep -q 'a:a' out && grep -q 'a\.a\.a' out
}
