# Compressed ids near 2^24 ("fn=(16777215) main"): the id tables were
# arrays indexed by id, so 111 bytes of input allocated 395 MB.  They are
# hash tables now, whose size follows the ids defined, whatever their
# values (any 64-bit id is taken).
about="n compressed ids near 2^24 and beyond"
sizes="2000 4000"
args="--auto=no --threshold=100 --show-percs=no in.cg"
gen() {
	awk -v n="$1" 'BEGIN {
		print "events: Ir"
		for (i = 0; i < n; i++) {
			id = 16777215 - i
			printf "ob=(%d) o%d\nfl=(%d) f%d.c\nfn=(%d) f%d\n1 1\n", id, i, id, i, id, i
			printf "cfn=(4611686018427%d) g%d\ncalls=1 1\n1 1\n", 100000 + i, i
		}
	}' >in.cg
}
