# One gzip-compressed line without a newline: a loader that holds each
# line whole held all of it (2 MB of gzip, 2.1 GB of memory).  No line
# may pass 4 MiB: the profile is refused at that line, having read 4 MiB.
about="a gzip line of n MiB, no newline"
sizes="64 128"
args="--auto=no in.cg.gz"
inputs="in.cg.gz"
status=3
expect_err="in.cg.gz:3: line longer than 4194304 bytes"
gen() {
	{ printf 'events: Ir\nfn=main\n'; head -c "$(($1 << 20))" /dev/zero | tr '\0' x; } |
		gzip -1 >in.cg.gz
}
