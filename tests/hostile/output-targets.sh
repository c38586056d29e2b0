# --output replaced whatever was at its target: a FIFO, a device node, a
# symlink and a 0600 file all became 0644 regular files (as root,
# --output=/dev/full replaced the machine's /dev/full).  Now a FIFO or a
# device is written through, a symlink is written through to its target,
# and an existing file keeps its mode; a profile written over itself is
# read whole first.  The size is the number of functions, every one shown
# (--threshold=100), so the output grows with the input; each case writes
# the report through a symlink to a 0600 file, into a FIFO read by cat,
# and the profile back over its own copy, and check_case looks at what
# each target is afterwards (type, mode, contents).
about="--output: through a symlink to a 0600 file, into a FIFO, over its input"
sizes="20000 40000"
args="--threshold=100 --auto=no in.cg"
gen() {
	awk -v n="$1" 'BEGIN {
		printf "events: Ir\nfl=a.c\n"
		for (i = 0; i < n; i++) printf "fn=f%d\n%d %d\n", i, i + 1, i + 1
	}' >in.cg
}
run() {
	rm -f real.out link fifo fromfifo own.cg
	: >real.out
	chmod 600 real.out
	ln -s real.out link
	mkfifo fifo
	cp in.cg own.cg
	"$1" --output=link $args 2>err || return $?
	cat fifo >fromfifo &
	"$1" --output=fifo $args 2>>err || { kill $! 2>/dev/null; return 3; }
	wait $! || return 4
	"$1" --format=callgrind --output=own.cg own.cg 2>>err >out
}
check_case() {
	[ -L link ] && [ "$(readlink link)" = real.out ] || { echo "the symlink was replaced"; return 1; }
	[ "$(stat -c %a real.out)" = 600 ] || { echo "real.out lost its mode: $(stat -c %a real.out)"; return 1; }
	[ -p fifo ] || { echo "the FIFO was replaced"; return 1; }
	# every function on a row of its own, in the file and through the FIFO
	[ "$(grep -c ' a\.c:f[0-9]*$' real.out)" = "$1" ] || { echo "rows missing in real.out"; return 1; }
	cmp -s real.out fromfifo || { echo "the FIFO got other bytes than the file"; return 1; }
	# the profile written over itself: every function and cost still there
	[ "$(grep -c '^fn=' own.cg)" = "$1" ] || { echo "own.cg lost functions"; return 1; }
	[ "$(awk '/^[0-9+]/ { s += $2 } END { print s }' own.cg)" = $(($1 * ($1 + 1) / 2)) ] ||
		{ echo "own.cg lost costs"; return 1; }
}
