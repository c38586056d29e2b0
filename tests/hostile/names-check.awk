# The check of tests/hostile/names-*.sh: awk -f names-check.awk PROFILE...
# OUTPUT fails (exit 1, with a message) when OUTPUT is over 50 bytes for
# each byte of the profiles, plus 64 KB, or no name was cut in it.
{ bytes[FILENAME] += length($0) + 1 }
FILENAME == ARGV[ARGC - 1] && index($0, "name cut: ") { cut = 1 }
END {
	for (i = 1; i < ARGC - 1; i++)
		input += bytes[ARGV[i]]
	o = bytes[ARGV[ARGC - 1]]
	if (o > 50 * input + 65536) {
		printf "%d bytes of output for %d of profile: over 50 a byte\n", o, input
		exit 1
	}
	if (!cut) {
		print "no name was cut"
		exit 1
	}
}
