#!/bin/sh
# --format=pprof read by the real pprof (go tool pprof, Debian golang-go),
# each number checked against the Callgrind profile read by a reader of
# its own (tests/pprof/pprof-check.py: tests/cgtext.py, profread.py):
#  - real profiles: python3 and sqlite3 (and, cut, perl and Lua: deep,
#    recursive), a C++ program's inlined code, sed's instruction
#    addresses, xz's three threads summed, sqlite3 with the simulated
#    caches and branches: -raw adds up to each event's program total,
#    -top gives each function its own cost (with --threshold=100), -cum
#    each outermost function its exact inclusive cost within 0.5% of the
#    total, -traces the stacks of --format=folded name for name (cut and
#    not; and through --focus, --ignore, --hide, --mod-funcname, --sort);
#    each caller's frame at the line of its call, one mapping per object
#    and every address an instruction of its function there;
#  - a C program built and profiled here with --cache-sim=yes
#    --dump-instr=yes: the sample types, default and comments,
#    -sample_index=D1mr, -list of its functions line by line against the
#    profile and the annotated source, -disasm on the binary;
#  - hostile names (control characters, a 100 KB name, bytes that are not
#    UTF-8, a bidi override): a valid profile pprof reads;
#  - pprof -http's flame graph in headless Chromium names the hottest
#    function.
# Only the small profiles are read uncut by pprof (it reads a 600 KB
# profile in some 2 s); the rest is cut by the default threshold.
# Skipped without golang-go (the C program without gcc or valgrind, the
# page without chromium). PPROF may name another pprof command.
set -u
top=$(pwd)
bin=$top/annogrind
name=pprof
sh tests/deps.sh need $name golang-go python3 || exit 0
tmp=$(mktemp -d) || exit 2
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$tmp"' EXIT
trap 'exit 130' INT; trap 'exit 143' TERM
export HOME=$tmp GOCACHE=$tmp/gocache PYTHONDONTWRITEBYTECODE=1	# nothing of ours kept
: "${PPROF:=go tool pprof}"
export PPROF
pass=0 fail=0 skip=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
jobs=$tmp/jobs
: >"$jobs"
job() {	# job WHAT CHECK PB ARGS...: a line of pprof-check.py's jobs
	what=$1
	shift
	printf '%s' "$what" >>"$jobs"
	printf '\t%s' "$@" >>"$jobs"
	printf '\n' >>"$jobs"
}
n=0
# ag NAME ARGS...: annogrind ARGS (run in $agdir, else here) into $tmp/NAME, or a failure
agdir=.
ag() {
	out=$1
	shift
	(cd "$agdir" && "$bin" "$@") >"$tmp/$out" 2>"$tmp/err" && return 0
	bad "annogrind $*: $(head -c 200 "$tmp/err")"
	return 1
}

real=$top/testdata/levels/real
views=$top/testdata/views
zoo=$top/testdata/zoo
version=$("$bin" --version | awk '{ print $2; exit }')

# python3: uncut (every check), cut, and the views of folded stacks, cut
f=$real/python3-json.cg.gz
ag py-u.pb --format=pprof --threshold=100 "$f" && {
	job "python3" totals "$tmp/py-u.pb" "$f"
	job "python3" flat "$tmp/py-u.pb" Ir "$f"
	job "python3" cum "$tmp/py-u.pb" "$f"
}
ag py-d.pb --format=pprof "$f" && ag py-d.folded --format=folded "$f" && {
	job "python3 cut" totals "$tmp/py-d.pb" "$f"
	job "python3 cut" traces "$tmp/py-d.pb" "$tmp/py-d.folded"
	job "python3 cut" head "$tmp/py-d.pb" "$f" Ir Ir "$version"
}
for v in --focus=PyRun_StringFlags '--ignore=*alloc*' --hide=malloc "--mod-funcname=s/'[0-9]+\$//"; do
	n=$((n + 1))
	ag v$n.pb --format=pprof "$v" "$f" && ag v$n.folded --format=folded "$v" "$f" &&
		job "python3 $v" traces "$tmp/v$n.pb" "$tmp/v$n.folded"
done
# sqlite3, cut, and two views
f=$real/sqlite3.cg.gz
ag sq.pb --format=pprof "$f" && ag sq.folded --format=folded "$f" && {
	job "sqlite3 cut" totals "$tmp/sq.pb" "$f"
	job "sqlite3 cut" traces "$tmp/sq.pb" "$tmp/sq.folded"
}
for v in --focus=sqlite3_step --hide=sqlite3Malloc; do
	n=$((n + 1))
	ag v$n.pb --format=pprof "$v" "$f" && ag v$n.folded --format=folded "$v" "$f" &&
		job "sqlite3 $v" traces "$tmp/v$n.pb" "$tmp/v$n.folded"
done
# the simulated caches and branches: every event, another default
f=$zoo/sqlite3-sim.out.gz
ev=Ir,Dr,Dw,I1mr,D1mr,D1mw,ILmr,DLmr,DLmw,Bc,Bcm,Bi,Bim
ag sim.pb --format=pprof --show="$ev" --sort=D1mr "$f" && ag sim.folded --format=folded --sort=D1mr "$f" && {
	job "sqlite3 cache-sim cut" totals "$tmp/sim.pb" "$f"
	job "sqlite3 cache-sim cut" head "$tmp/sim.pb" "$f" "$ev" D1mr "$version"
	job "sqlite3 cache-sim cut" traces "$tmp/sim.pb" "$tmp/sim.folded" D1mr
}
# deep and recursive stacks, cut (their folded stacks uncut are 38 and 134 MB); Lua's flat uncut
for f in "$views/perl-find.out.gz" "$views/lua-rec.out.gz"; do
	b=$(basename "$f" .out.gz)
	ag "$b.pb" --format=pprof "$f" && ag "$b.folded" --format=folded "$f" && {
		job "$b cut" totals "$tmp/$b.pb" "$f"
		job "$b cut" traces "$tmp/$b.pb" "$tmp/$b.folded"
	}
done
ag lua-u.pb --format=pprof --threshold=100 "$views/lua-rec.out.gz" &&
	job "lua-rec" flat "$tmp/lua-u.pb" Ir "$views/lua-rec.out.gz"

# small ones uncut: C++ with inlined code, sed with instruction addresses
# (annogrind run in $tmp: the folder it strips from file names)
for f in "$zoo/cxx-inline.out.gz" "$zoo/sed-jumps.out.gz"; do
	b=$(basename "$f" .out.gz)
	agdir=$tmp
	ag "$b-u.pb" --format=pprof --threshold=100 "$f" &&
	ag "$b-u.folded" --format=folded --threshold=100 "$f" && {
		job "$b" totals "$tmp/$b-u.pb" "$f"
		job "$b" flat "$tmp/$b-u.pb" Ir "$f"
		job "$b" cum "$tmp/$b-u.pb" "$f"
		job "$b" traces "$tmp/$b-u.pb" "$tmp/$b-u.folded"
		job "$b" sites "$tmp/$b-u.pb" "$tmp" "$f"
	}
	ag "$b-d.pb" --format=pprof "$f" && ag "$b-d.folded" --format=folded "$f" &&
		job "$b cut" traces "$tmp/$b-d.pb" "$tmp/$b-d.folded"
	agdir=.
done
job "sed-jumps" mappings "$tmp/sed-jumps-u.pb" "$zoo/sed-jumps.out.gz"

# the threads of one run, summed (annogrind finds the files by the base name)
mkdir "$tmp/xz"
for i in 01 02 03; do
	gzip -dc "$views/xz-threads.out-$i.gz" >"$tmp/xz/xz-threads.out-$i"
done
ag xz.pb --format=pprof --threshold=100 "$tmp/xz/xz-threads.out" &&
ag xz.folded --format=folded --threshold=100 "$tmp/xz/xz-threads.out" && {
	job "xz threads" totals "$tmp/xz.pb" "$tmp"/xz/xz-threads.out-01 "$tmp"/xz/xz-threads.out-02 \
		"$tmp"/xz/xz-threads.out-03
	job "xz threads" flat "$tmp/xz.pb" Ir "$tmp"/xz/xz-threads.out-01 "$tmp"/xz/xz-threads.out-02 \
		"$tmp"/xz/xz-threads.out-03
	job "xz threads" cum "$tmp/xz.pb" "$tmp"/xz/xz-threads.out-01 "$tmp"/xz/xz-threads.out-02 \
		"$tmp"/xz/xz-threads.out-03
	job "xz threads" traces "$tmp/xz.pb" "$tmp/xz.folded"
}

# Hostile names: control characters, a 100 KB name, bytes that are not UTF-8
python3 - "$tmp/hostile.cg" <<'EOF'
import sys
long = b'x' * 100000
names = [b'esc\x1b]0;title\x07', b'bs\x08and\x7fdel', b'bad\xff\xfe utf8 \xc3', b'c1\xc2\x9b bidi \xe2\x80\xae',
         b'semi;colon', long, b'caf\xe9']
out = [b'version: 1', b'creator: callgrind-3.19.0', b'cmd: ./hostile\x1b[2J', b'events: Ir',
       b'ob=/lib/\xff\x1b.so', b'fl=src/\x1b[31ma.c', b'fn=main']
out += [b'1 10']
for k, n in enumerate(names):
    out += [b'cfn=' + n, b'calls=1 1', b'%d %d' % (k + 2, 100 * (k + 1))]
for k, n in enumerate(names):
    out += [b'fn=' + n, b'%d %d' % (k + 5, 100 * (k + 1))]
open(sys.argv[1], 'wb').write(b'\n'.join(out) + b'\n')
EOF
ag h.pb --format=pprof --threshold=100 "$tmp/hostile.cg" && {
	job "hostile" hostile "$tmp/h.pb" "$tmp/hostile.cg"
	job "hostile" flat "$tmp/h.pb" Ir "$tmp/hostile.cg"
	job "hostile" head "$tmp/h.pb" "$tmp/hostile.cg" Ir Ir "$version"
}

# A C program of our own, with the simulated caches and instruction
# addresses; annogrind run in its folder, where the source is
d=$tmp/demo
if sh tests/deps.sh has gcc valgrind; then
	mkdir "$d"
	cp "$top/testdata/demo/qsort_hanoi.c" "$d/"
	if (cd "$d" && gcc -g -O1 -o qh qsort_hanoi.c &&
	    valgrind --tool=callgrind --cache-sim=yes --dump-instr=yes --callgrind-out-file=cg.out ./qh \
		>/dev/null 2>&1 &&
	    "$bin" --format=pprof --threshold=100 cg.out >u.pb && "$bin" --format=pprof cg.out >d.pb); then
		dev=Ir,Dr,Dw,I1mr,D1mr,D1mw,ILmr,DLmr,DLmw
		job "cache-sim" totals "$d/u.pb" "$d/cg.out"
		job "cache-sim cut" totals "$d/d.pb" "$d/cg.out"
		job "cache-sim" head "$d/u.pb" "$d/cg.out" "$dev" Ir "$version"
		job "cache-sim" flat "$d/u.pb" Ir "$d/cg.out"
		job "cache-sim -sample_index=D1mr" flat "$d/u.pb" D1mr "$d/cg.out"
		job "cache-sim" sites "$d/u.pb" "$d" "$d/cg.out"
		job "cache-sim" mappings "$d/u.pb" "$d/cg.out"
		# the annotated source, "file:line cost" (lines of calls, "=>", left out)
		(cd "$d" && "$bin" --show=Ir --show-percs=no --context=100000 cg.out qsort_hanoi.c) | awk '
			/^-- (User|Auto)-annotated source: / { f = $NF; skip = 3; n = 0; on = 1; next }
			on && skip > 0 { skip--; next }
			on && /^-----/ { on = 0; next }
			on { if ($2 == "=>") next; n++; if ($1 ~ /^[0-9,]+$/) { c = $1; gsub(",", "", c); print f ":" n, c } }' \
			>"$d/annotated"
		job "cache-sim" list "$d/u.pb" "$d" "$d/annotated" "$d/cg.out" quicksort "quicksort'2" hanoi "hanoi'2" main
	else
		bad "cache-sim: building or profiling the C program"
	fi
else
	echo "gcc or valgrind is not installed: the C program is not built"
	skip=$((skip + 1))
fi

# every check above, in one python3 (each profile read once)
python3 "$top/tests/pprof/pprof-check.py" "$jobs" >"$tmp/out" 2>&1
rc=$?
[ $rc -le 1 ] || bad "pprof-check.py stopped (exit $rc)"
pass=$((pass + $(grep -c '^PASS ' "$tmp/out")))
fail=$((fail + $(grep -c '^FAIL ' "$tmp/out")))
grep -v '^PASS ' "$tmp/out"
# each job line gave at least one result
[ "$(grep -c . "$jobs")" -le "$(grep -c '^PASS \|^FAIL ' "$tmp/out")" ] ||
	bad "pprof-check.py: fewer results than the $(grep -c . "$jobs") checks asked"

# the object disassembled at the profile's addresses: quicksort's
# instruction of line 18 (int t = *a;) costs that line's Ir, in both levels
if [ -s "$d/annotated" ]; then
	want=$(awk -F'[: ]' '$2 == 18 { print $3 }' "$d/annotated")
	(cd "$d" && $PPROF -disasm=quicksort u.pb) >"$tmp/dis" 2>&1
	if [ -n "$want" ] && grep -q "^ *$want  *$want .*;quicksort qsort_hanoi.c:18\$" "$tmp/dis"; then
		ok
	else
		bad "cache-sim: pprof -disasm=quicksort has no instruction of line 18 costing '$want'"
		head -5 "$tmp/dis" | sed 's/^/    /'
	fi
fi

# The web UI: pprof -http's flame graph in headless Chromium
if sh tests/deps.sh has chromium; then
	hot=$($PPROF -top -nodecount=1 "$tmp/sq.pb" 2>/dev/null | awk 'f { print $NF; exit } /flat%/ { f = 1 }')
	port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	$PPROF -http="127.0.0.1:$port" -no_browser "$tmp/sq.pb" >"$tmp/http.log" 2>&1 &
	server=$!
	i=0
	while ! grep -q 'Serving web UI' "$tmp/http.log" && [ $i -lt 100 ]; do
		sleep 0.2
		i=$((i + 1))
	done
	# pprof may say so a moment before it accepts a connection
	python3 -c 'import socket, sys, time
for i in range(100):
    try:
        socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1).close()
        break
    except OSError:
        time.sleep(0.1)' "$port"
	chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
		--disable-component-update --disable-sync --no-first-run --user-data-dir="$tmp/chrome" \
		--virtual-time-budget=5000 --dump-dom "http://127.0.0.1:$port/ui/flamegraph" \
		>"$tmp/flame.dom" 2>/dev/null
	kill "$server" 2>/dev/null
	wait "$server" 2>/dev/null
	server=
	if [ -n "$hot" ] && grep -q 'flamegraph' "$tmp/flame.dom" && grep -qF "$hot" "$tmp/flame.dom"; then
		ok
	else
		bad "pprof -http: the flame graph page does not name the hottest function '$hot'"
		head -3 "$tmp/http.log" | sed 's/^/    /'
	fi
else
	echo "chromium (Debian chromium) is not installed: pprof's web UI is not opened"
	skip=$((skip + 1))
fi

if [ $skip -gt 0 ]; then
	echo "$name: $pass passed, $fail failed, $skip skipped"
else
	echo "$name: $pass passed, $fail failed"
fi
[ $fail = 0 ]
