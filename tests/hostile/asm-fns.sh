# --annotate=asm ran objdump -d once for each function shown (or more): a
# profile of many small functions in one large object meant as many runs,
# a quarter of a second each.  Now the ranges of every function shown
# from an object go to one call of objdump_disasm_ranges() (at most 4
# runs).  The size is the number of functions, one address each, 4 KB
# apart, in a small program compiled here, all shown (--threshold=100);
# OBJDUMP is a script that logs each run, and check_case counts them.
about="--annotate=asm: N functions of one object, all shown"
sizes="300 600"
args="--annotate=asm --auto=no --show-percs=no --threshold=100 in.cg"
count="Ir sysCount"
gen() {
	printf 'int f(int x) { return x * 3; }\nint main(void) { return f(1); }\n' >prog.c
	cc -O1 -o prog prog.c || return 1
	printf '#!/bin/sh\necho "$1" >>"%s/runs"\nexec objdump "$@"\n' "$PWD" >od
	chmod +x od
	awk -v n="$1" 'BEGIN {
		printf "positions: instr line\nevents: Ir\nob=./prog\nfl=prog.c\n"
		for (i = 0; i < n; i++) printf "fn=f%d\n0x%x 1 7\n", i, 65536 + i * 4096
	}' >in.cg
}
run() {
	OBJDUMP="$PWD/od" "$1" $args >out 2>err
}
check_case() {
	t=$(grep -c -- -t runs) d=$(grep -c -- -d runs)
	[ "$t" = 1 ] && [ "$d" -ge 1 ] && [ "$d" -le 4 ] || { echo "objdump runs: $t -t, $d -d"; return 1; }
	[ "$(grep -c '^-- Machine code: prog.c:f' out)" = "$1" ] || { echo "blocks missing"; return 1; }
}
