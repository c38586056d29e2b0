# --annotate=asm started one objdump per address with a cost outside the
# function's symbol (a 640-byte profile of 40 addresses 4 KB apart in one
# function of a large installed binary took 10.8 s).  Now all the ranges
# of a function (of all the functions shown from an object: asm-fns) go to
# at most 4 runs of objdump -d (objdump.h), read as
# they come.  The size is the number of addresses, 4 KB apart, in one
# function of a small program compiled here; OBJDUMP is a script that
# logs each run, and check_case counts them: one objdump -t and at most
# 4 objdump -d, whatever the size.
about="--annotate=asm: N addresses 4 KB apart in one function"
sizes="1000 2000"
args="--annotate=asm --auto=no --show-percs=no in.cg"
count="Ir sysCount"
gen() {
	printf 'int f(int x) { return x * 3; }\nint main(void) { return f(1); }\n' >prog.c
	cc -O1 -o prog prog.c || return 1
	printf '#!/bin/sh\necho "$1" >>"%s/runs"\nexec objdump "$@"\n' "$PWD" >od
	chmod +x od
	awk -v n="$1" 'BEGIN {
		printf "positions: instr line\nevents: Ir\nob=./prog\nfl=prog.c\nfn=f\n"
		for (i = 0; i < n; i++) printf "0x%x 1 7\n", 65536 + i * 4096
	}' >in.cg
}
run() {
	OBJDUMP="$PWD/od" "$1" $args >out 2>err
}
check_case() {
	t=$(grep -c -- -t runs) d=$(grep -c -- -d runs)
	[ "$t" = 1 ] && [ "$d" -ge 1 ] && [ "$d" -le 4 ] || { echo "objdump runs: $t -t, $d -d"; return 1; }
	# every address listed, with its cost
	[ "$(grep -c '^ *7  *0x[0-9a-f]*$' out)" = "$1" ] || { echo "addresses missing"; return 1; }
}
