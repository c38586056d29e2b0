# fl= lines naming a FIFO (opening it waited for a writer forever), one in
# an -I folder, a symbolic link to /dev/zero, /dev/zero and /dev/urandom
# (read until memory ran out) and /proc/self/environ (size 0 to stat, but
# it put the environment, secrets included, in the report), each by n/6
# functions.  Only regular files with a size are read now: all six are
# listed under "could not be read" at once and never opened.
about="fl= naming FIFOs, devices and /proc/self/environ"
sizes="6000 12000"
args="-I inc --threshold=100 --show-percs=no in.cg"
gen() {
	mkfifo fifo.c
	mkdir inc
	mkfifo inc/incfifo.c
	ln -s /dev/zero zero_link.c
	awk -v n="$1" 'BEGIN {
		print "events: Ir"
		split("fifo.c incfifo.c zero_link.c /dev/zero /dev/urandom /proc/self/environ", f, " ")
		for (i = 0; i < n; i++)
			printf "fl=%s\nfn=f%d\n1 1\n", f[i % 6 + 1], i
	}' >in.cg
}
run() {
	ANNOGRIND_HOSTILE_SECRET=s3cr3t "$1" $args >out 2>err
}
check_case() {
	for f in "fifo.c (not a regular file)" "incfifo.c (not a regular file)" \
		"zero_link.c (not a regular file)" "/dev/zero (not a regular file)" \
		"/dev/urandom (not a regular file)" \
		"/proc/self/environ (size 0: empty, or a special file such as those of /proc)"; do
		grep -qF "  $f" out || { echo "not listed as could not be read: $f"; return 1; }
	done
	! grep -q s3cr3t out || { echo "the environment reached the report"; return 1; }
	[ ! -s err ] || { echo "a message: $(head -c 200 err)"; return 1; }
}
