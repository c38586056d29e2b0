#!/bin/sh
# Source files a hostile profile names (issue 15, item 2), made here since
# they cannot live in the tree: a FIFO (opening it would wait for a writer
# forever), a 2 GB sparse file (all holes: read whole it was one 2 GB line),
# a symbolic link to /dev/zero, a FIFO in an -I folder, and a file with a
# 3,000,000-byte line; with /dev/zero, /dev/urandom and /proc/self/environ
# (tests/golden/src_hostile.cmd pins the report of the ones that exist
# everywhere).  Each run must end at once with exit 0 and list the file
# under "could not be read" with why; "timeout 60" is only a guard (a hang
# is a failure, rc 124), nothing here is timed.
#
# Memory: the peak RSS of /usr/bin/time (when installed) stays under 64 MB,
# though the files named hold 2 GB and 3 MB: a source is read one block at
# a time and a line is cut at 1,048,576 bytes (so its output line is
# 1,048,576 bytes of 'a' and the cut marker).  Likewise --annotate=asm on a
# 200 MB sparse source (it took 206 MB before).
set -u
top=$(pwd)
bin=${BIN:-$top/annogrind}
name=sources
pass=0 fail=0 skip=0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
cd "$tmp" || exit 2

check() {	# check NAME CONDITION-COMMAND...
	what=$1
	shift
	if "$@"; then
		pass=$((pass + 1))
	else
		echo "FAIL $what"
		fail=$((fail + 1))
	fi
}
has() { grep -qF -- "$2" "$1"; }
lacks() { ! grep -qF -- "$2" "$1"; }

mkfifo fifo.c
mkdir inc
mkfifo inc/incfifo.c
ln -s /dev/zero zero_link.c
truncate -s 2G sparse.c
{ printf 'int x;\n'; head -c 3000000 /dev/zero | tr '\0' a; printf '\nint y;\n'; } >long.c
cat >p.cg <<'EOF'
events: Ir
fl=fifo.c
fn=fifo
1 1
fl=incfifo.c
fn=incfifo
1 1
fl=zero_link.c
fn=link
1 1
fl=sparse.c
fn=sparse
1 1
fl=/dev/zero
fn=zero
1 1
fl=/dev/urandom
fn=urandom
1 1
fl=/proc/self/environ
fn=environ
1 1
fl=long.c
fn=long
2 5
3 1
EOF

# a secret in the environment must not reach the report through /proc/self/environ
ANNOGRIND_TEST_SECRET=s3cr3t-$$ timeout 60 "$bin" -I inc --context=0 --show-percs=no p.cg >out 2>err
rc=$?
check "ends with exit 0 (not 124: a hang)" test $rc = 0
check "no message" test ! -s err
for f in "fifo.c (not a regular file)" "incfifo.c (not a regular file)" \
	"zero_link.c (not a regular file)" "sparse.c (binary: it holds NUL bytes)" \
	"/dev/zero (not a regular file)" "/dev/urandom (not a regular file)" \
	"/proc/self/environ (size 0: empty, or a special file such as those of /proc)"; do
	check "could not be read: $f" has out "  $f"
done
check "the 'could not be read' block" has out "could not be read:"
check "the environment stays out" lacks out "s3cr3t-$$"
check "long.c annotated" has out "-- Auto-annotated source: long.c"
check "the long line cut" has out "<cut: the line is longer than 1,048,576 bytes>"
# line 2 is 1,048,576 a's after the cost column (" 5  "), then the marker;
# the next line, 3, is read after the rest is skipped
check "the long line cut at 1,048,576 bytes" \
	test "$(grep -a '^ *5  a' out | sed 's/^ *5  //; s/ <cut.*//' | tr -d '\n' | wc -c)" = 1048576
check "line 3 after the cut line" has out "1  int y;"
check "the output stays small" test "$(wc -c <out)" -lt 1200000

if [ -x /usr/bin/time ]; then
	/usr/bin/time -f '%M' -o rss timeout 60 "$bin" -I inc --context=0 p.cg >/dev/null 2>&1
	kb=$(tail -1 rss 2>/dev/null | grep -E '^[0-9]+$' || echo 999999)
	echo "peak RSS: $kb KB"
	check "peak RSS under 64 MB ($kb KB)" test "$kb" -lt 65536
	# --annotate=asm reads the source of each instruction whole (under 256 MB):
	# a 200 MB sparse file is binary in its first megabyte, not read further
	truncate -s 200M sparse200.c
	printf 'version: 1\npositions: instr line\nevents: Ir\nob=/nonexistent.so\nfl=sparse200.c\nfn=f\n0x1000 3 5\n' >asm.cg
	/usr/bin/time -f '%M' -o rss timeout 60 "$bin" --annotate=asm --auto=no asm.cg >asm.out 2>&1
	kb=$(tail -1 rss 2>/dev/null | grep -E '^[0-9]+$' || echo 999999)
	echo "--annotate=asm, peak RSS: $kb KB"
	check "--annotate=asm: the cost shown" has asm.out "5 (100.0%)  0x1000"
	check "--annotate=asm: peak RSS under 64 MB ($kb KB)" test "$kb" -lt 65536
else
	echo "/usr/bin/time (Debian time) is not installed: memory check skipped"
	skip=$((skip + 1))
fi

if [ $skip -gt 0 ]; then
	echo "$name: $pass passed, $fail failed, $skip skipped"
else
	echo "$name: $pass passed, $fail failed"
fi
[ $fail = 0 ]
