# Source names of n folders each (/d/d/.../d/fK.c), 200 of them, in a
# folder that holds d/ (and d/d/, ...: every first folder of a trailing
# part exists) and f0.c .. f99.c: a name not found whole is looked up by
# its trailing parts (source_find.c), and tried n times it cost n stat
# calls and n^2 bytes of paths per name.  At most 32 parts are tried
# (SOURCE_FIND_PARTS): the names of f0.c .. f99.c are found by their file
# name, the others listed as not found, at a cost that does not grow with
# n in system calls and grows linearly (the names' length) in
# instructions.
about="source names of n folders, whose every part has its first folder"
sizes="1000 2000"
count="Ir sysCount"
args="--auto=yes --threshold=100 --show-percs=no --context=0 in.cg"
gen() {
	mkdir -p d/d/d/d
	for i in $(seq 0 99); do printf 'int f%d;\n' "$i" >"f$i.c"; done
	awk -v n="$1" 'BEGIN {
		print "events: Ir"
		p = ""
		for (k = 0; k < n; k++)
			p = p "/d"
		for (i = 0; i < 200; i++)
			printf "fl=%s/f%d.c\nfn=g%d\n1 1\n", p, i, i
	}' >in.cg
}
check_case() {
	[ "$(grep -c '^-- Auto-annotated source: .*, read from f[0-9]*\.c$' out)" = 100 ] ||
		{ echo "not the 100 sources found by their file name"; return 1; }
	[ "$(grep -c '^  /d/d/.*/f[0-9]*\.c$' out)" = 100 ] ||
		{ echo "not the 100 others listed as not found"; return 1; }
}
