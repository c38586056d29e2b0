# Renaming rules apply to names of at most 8,192 bytes: a longer name is an
# error, found before any rule runs on it.  regexec() may take time in the
# square of a name's length (s/:/./g on a 2 MB name took 38 s when each
# match searched the rest of the name again; [a-z]+_old$ tries each start
# to the end: 400 KB took over 100 s).  The size is the length of the one
# function name (a ':' every other byte).
about="renaming: a name of N bytes, over the 8,192 bytes rules apply to"
sizes="500000 1000000"
args="--auto=no --threshold=100 --mod-funcname=s/:/./g in.cg"
status=3
expect_err="--mod-funcname: a name longer than 8192 bytes cannot be renamed"
gen() {
	awk -v n="$1" 'BEGIN {
		printf "events: Ir\nfl=a.c\nfn=main\n1 1\nfn="
		for (i = 0; i < n / 2; i++) printf "a:"
		printf "\n2 2\n"
	}' >in.cg
}
