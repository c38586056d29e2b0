# Each distinct name is renamed once: a file name shared by N functions
# was renamed N times, and a pattern such as [a-z]+_old$ makes regexec()
# try each start to the end of the name (time in the square of its
# length), so N times that.  The size is the number of functions, all in
# one file whose name is 2,000 bytes.
about="renaming: a long file name shared by N functions, renamed once"
sizes="20000 40000"
args="--auto=no --threshold=100 --mod-filename=s/[a-z]+_old\$// in.cg"
gen() {
	awk -v n="$1" 'BEGIN {
		for (i = 0; i < 2000; i++) file = file "a"
		printf "events: Ir\nfl=%s\n", file
		for (k = 0; k < n; k++) printf "fn=f%d\n1 1\n", k
	}' >in.cg
}
