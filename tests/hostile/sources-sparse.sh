# A sparse file of n MiB (all holes: read whole, it was one line of n MiB of
# NUL bytes in memory and in the report) and a file whose second line is
# n * 4 KiB of 'a' (2 and 4 MiB here).  A source is now read one block at a
# time: the sparse file holds NUL bytes in its first block, so it is binary
# and not read further; the long line is cut at 1,048,576 bytes (memory
# stays under the 64 MiB ceiling, the report under 2 MiB).  Then the same
# sparse file as the source of machine code (--annotate=asm reads a source
# whole when under 256 MB: a 200 MB sparse one took 206 MB before).
about="a sparse source file of n MiB and a line of 4n KiB"
sizes="128 256"
args="--context=1 --show-percs=no in.cg"
gen() {
	truncate -s "$1"M sparse.c
	{ printf 'int x;\n'; head -c $(($1 * 4096 * 4)) /dev/zero | tr '\0' a; printf '\nint y;\n'; } >long.c
	printf 'events: Ir\nfl=sparse.c\nfn=s\n1 1\nfl=long.c\nfn=l\n2 5\n3 1\n' >in.cg
	printf 'version: 1\npositions: instr line\nevents: Ir\nob=/nonexistent.so\nfl=sparse.c\nfn=f\n0x1000 3 5\n' >asm.cg
}
run() {
	"$1" $args >out 2>err && "$1" --annotate=asm --auto=no asm.cg >asm.out 2>>err
}
check_case() {
	grep -qF "  sparse.c (binary: it holds NUL bytes)" out || { echo "sparse.c not refused"; return 1; }
	grep -qF "<cut: the line is longer than 1,048,576 bytes>" out || { echo "the long line not cut"; return 1; }
	# line 2 is 1,048,576 a's after the cost column (" 5  "), then the
	# marker; line 3 is read after the rest of line 2 is skipped
	[ "$(grep -a '^ *5  a' out | sed 's/^ *5  //; s/ <cut.*//' | tr -d '\n' | wc -c)" = 1048576 ] ||
		{ echo "the long line is not cut at 1,048,576 bytes"; return 1; }
	grep -qF " 1  int y;" out || { echo "line 3 not after the cut line"; return 1; }
	[ "$(wc -c <out)" -lt 2097152 ] || { echo "the report is $(wc -c <out) bytes"; return 1; }
	grep -qF "5 (100.0%)  0x1000" asm.out || { echo "--annotate=asm: no cost shown"; return 1; }
}
