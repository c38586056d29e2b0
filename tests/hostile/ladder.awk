# The ladder of tests/hostile/flame-ladder-*.sh: awk -v d=N -f ladder.awk
# writes a profile of N levels of two functions, each calling both
# functions of the next level, and a leaf with a 50,000-byte name written
# once and then used by its id (2^N paths from O(N) lines).
BEGIN {
	name = ""
	for (i = 0; i < 1000; i++)
		name = name "leaf_name_is_long_and_written_only_once__0123456"
	print "creator: callgrind-3.19.0"
	print "events: Ir"
	print "fl=(1) l.c"
	print "fn=(1) main"
	# one activation of a level-k function: itself, then both of level k + 1
	inc[d] = 1 + 1
	for (k = d - 1; k >= 0; k--)
		inc[k] = 1 + 2 * inc[k + 1]
	print "1 1"
	printf "cfn=(2) a0\ncalls=1 1\n1 %d\n", inc[0]
	printf "cfn=(3) b0\ncalls=1 1\n1 %d\n", inc[0]
	for (k = 0; k <= d; k++) {
		n = 2 ^ k
		for (s = 0; s < 2; s++) {
			id = 2 + 2 * k + s
			printf "fn=(%d)\n2 %d\n", id, n
			if (k < d) {
				printf "cfn=(%d) a%d\ncalls=%d 1\n2 %d\n", id + 2 - s, k + 1, n, n * inc[k + 1]
				printf "cfn=(%d) b%d\ncalls=%d 1\n2 %d\n", id + 3 - s, k + 1, n, n * inc[k + 1]
			} else if (!s) {
				printf "cfn=(9999) %s\ncalls=%d 1\n2 %d\n", name, n, n
			} else {
				printf "cfn=(9999)\ncalls=%d 1\n2 %d\n", n, n
			}
		}
	}
	printf "fn=(9999)\n3 %d\n", 2 ^ (d + 1)
}
