# The profile of tests/hostile/names-*.sh: awk -v n=N -v ev=EVENT -f names.awk
# writes n functions of one file and one object whose names are 50n bytes
# each, named once with an id and then used by it; every function calls
# the one before.  ev=long gives the event a name of 50n bytes too; c=K
# gives every function a self cost of K instead of 1 (the new profile of
# a comparison).
BEGIN {
	cost = c == "" ? 1 : c
	for (long = "x"; length(long) < 50 * n; long = long long)
		;
	long = substr(long, 1, 50 * n)
	print "events: " (ev == "long" ? "E" long : ev)
	print "ob=(1) /lib/" long ".so"
	print "fl=(1) /src/" long ".c"
	for (i = 1; i <= n; i++) {
		printf "fn=(%d) f%d\n1 %d\n", i, i, cost
		if (i > 1)
			printf "cfn=(%d)\ncalls=1 1\n1 1\n", i - 1
	}
}
