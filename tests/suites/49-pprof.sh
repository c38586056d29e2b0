#!/bin/sh
# --format=pprof read by the real pprof (go tool pprof, Debian golang-go),
# each number checked against the Callgrind profile read by a reader of
# its own (tests/pprof/pprof-check.py: tests/cgtext.py, profread.py):
#  - real profiles (python3, sqlite3, gcc's cc1, xz's three threads
#    summed): -raw adds up to each event's program total, -top gives each
#    function its own cost (with --threshold=100), -cum each outermost
#    function its exact inclusive cost within 0.5% of the total, -traces
#    the stacks of --format=folded name for name (cut and not; and through
#    --focus, --ignore, --hide, --mod-funcname); perl and Lua (deep,
#    recursive) cut;
#  - a C program built and profiled here with --cache-sim=yes
#    --dump-instr=yes: every event's totals, -sample_index=D1mr, -list of
#    its functions line by line against the profile and the annotated
#    source, -disasm on the binary;
#  - hostile names (control characters, a 100 KB name, bytes that are not
#    UTF-8, a bidi override): a valid profile pprof reads;
#  - pprof -http's flame graph in headless Chromium names the hottest
#    function.
# Skipped without go (and the build without gcc or valgrind, the page
# without chromium).
set -u
top=$(pwd)
bin=$top/annogrind
name=pprof
check="python3 $top/tests/pprof/pprof-check.py"
pass=0 fail=0 skip=0
if ! command -v go >/dev/null 2>&1 || ! go tool pprof -h >/dev/null 2>&1; then
	echo "go tool pprof (Debian golang-go) is not installed"
	echo "$name: 0 passed, 0 failed, 1 skipped"
	exit 0
fi
tmp=$(mktemp -d) || exit 2
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM
export HOME=$tmp GOCACHE=$tmp/gocache	# pprof keeps nothing of ours
count() {	# count FILE: add its PASS and FAIL lines, show the rest
	pass=$((pass + $(grep -c '^PASS ' "$1")))
	fail=$((fail + $(grep -c '^FAIL ' "$1")))
	grep -v '^PASS ' "$1"
}
run() {	# run WHAT CHECK PB ARGS...: one check, counted
	what=$1; shift
	CHECK_WHAT=$what $check "$@" >"$tmp/out" 2>&1
	rc=$?
	[ $rc -le 1 ] || echo "FAIL $what: pprof-check.py stopped (exit $rc)" >>"$tmp/out"
	count "$tmp/out"
}
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

real=$top/testdata/levels/real
views=$top/testdata/views
# profile, then the views of --format=folded it is checked through
for spec in "$real/python3-json.cg.gz|--focus=PyRun_StringFlags|--ignore=*alloc*|--hide=malloc|--mod-funcname=s/'[0-9]+\$//" \
	    "$real/sqlite3.cg.gz|--focus=sqlite3_step --threshold=100|--hide=sqlite3Malloc --threshold=100" \
	    "$views/cc1.out.gz"; do
	f=${spec%%|*}
	b=$(basename "$f")
	"$bin" --format=pprof --threshold=100 "$f" >"$tmp/u.pb.gz" 2>/dev/null &&
	{ [ "$b" = cc1.out.gz ] || "$bin" --format=folded --threshold=100 "$f" >"$tmp/u.folded" 2>/dev/null; } &&
	"$bin" --format=pprof "$f" >"$tmp/d.pb.gz" && "$bin" --format=folded "$f" >"$tmp/d.folded" ||
		{ bad "$b: annogrind failed"; continue; }
	run "$b" totals "$tmp/u.pb.gz" "$f"
	run "$b cut" totals "$tmp/d.pb.gz" "$f"
	run "$b" flat "$tmp/u.pb.gz" Ir "$f"
	run "$b" cum "$tmp/u.pb.gz" "$f"
	# gcc's 198,154 stacks are the longest to read back: cut only
	[ "$b" = cc1.out.gz ] || run "$b" traces "$tmp/u.pb.gz" "$tmp/u.folded"
	run "$b cut" traces "$tmp/d.pb.gz" "$tmp/d.folded"
	rest=${spec#"$f"}
	IFS='|'
	for v in $rest; do
		[ -n "$v" ] || continue
		IFS=' '
		"$bin" --format=pprof $v "$f" >"$tmp/v.pb.gz" 2>/dev/null &&
		"$bin" --format=folded $v "$f" >"$tmp/v.folded" 2>/dev/null ||
			{ bad "$b $v: annogrind failed"; IFS='|'; continue; }
		run "$b $v" traces "$tmp/v.pb.gz" "$tmp/v.folded"
		IFS='|'
	done
	IFS=' '
done

# Deep and recursive stacks, cut (their folded stacks uncut are 38 and 134 MB)
for f in "$views/perl-find.out.gz" "$views/lua-rec.out.gz"; do
	b=$(basename "$f")
	"$bin" --format=pprof "$f" >"$tmp/d.pb.gz" && "$bin" --format=folded "$f" >"$tmp/d.folded" &&
	"$bin" --format=pprof --threshold=100 "$f" >"$tmp/u.pb.gz" 2>/dev/null ||
		{ bad "$b: annogrind failed"; continue; }
	run "$b cut" totals "$tmp/d.pb.gz" "$f"
	run "$b cut" traces "$tmp/d.pb.gz" "$tmp/d.folded"
	run "$b" flat "$tmp/u.pb.gz" Ir "$f"
done

# The threads of one run, summed (annogrind finds the files by the base name)
mkdir "$tmp/xz"
for i in 01 02 03; do
	gzip -dc "$views/xz-threads.out-$i.gz" >"$tmp/xz/xz-threads.out-$i"
done
if "$bin" --format=pprof --threshold=100 "$tmp/xz/xz-threads.out" >"$tmp/u.pb.gz" &&
   "$bin" --format=folded --threshold=100 "$tmp/xz/xz-threads.out" >"$tmp/u.folded"; then
	run "xz threads" totals "$tmp/u.pb.gz" "$tmp"/xz/xz-threads.out-0*
	run "xz threads" flat "$tmp/u.pb.gz" Ir "$tmp"/xz/xz-threads.out-0*
	run "xz threads" cum "$tmp/u.pb.gz" "$tmp"/xz/xz-threads.out-0*
	run "xz threads" traces "$tmp/u.pb.gz" "$tmp/u.folded"
else
	bad "xz threads: annogrind failed"
fi

# A C program of our own, with the simulated caches and instruction addresses
if command -v gcc >/dev/null 2>&1 && command -v valgrind >/dev/null 2>&1; then
	d=$tmp/demo
	mkdir "$d"
	cp "$top/testdata/demo/qsort_hanoi.c" "$d/"
	if (cd "$d" && gcc -g -O1 -o qh qsort_hanoi.c &&
	    valgrind --tool=callgrind --cache-sim=yes --dump-instr=yes --callgrind-out-file=cg.out ./qh \
		>/dev/null 2>&1 &&
	    "$bin" --format=pprof --threshold=100 cg.out >u.pb.gz && "$bin" --format=pprof cg.out >d.pb.gz); then
		run "cache-sim" totals "$d/u.pb.gz" "$d/cg.out"
		run "cache-sim cut" totals "$d/d.pb.gz" "$d/cg.out"
		run "cache-sim" flat "$d/u.pb.gz" Ir "$d/cg.out"
		run "cache-sim -sample_index=D1mr" flat "$d/u.pb.gz" D1mr "$d/cg.out"
		# the annotated source, "file:line cost" (lines of calls, "=>", left out)
		(cd "$d" && "$bin" --show=Ir --show-percs=no --context=100000 cg.out qsort_hanoi.c) | awk '
			/^-- (User|Auto)-annotated source: / { f = $NF; skip = 3; n = 0; on = 1; next }
			on && skip > 0 { skip--; next }
			on && /^-----/ { on = 0; next }
			on { if ($2 == "=>") next; n++; if ($1 ~ /^[0-9,]+$/) { c = $1; gsub(",", "", c); print f ":" n, c } }' \
			>"$d/annotated"
		ANNOTATED=$d/annotated run "cache-sim" list "$d/u.pb.gz" "$d" "$d/cg.out" quicksort "quicksort'2" hanoi "hanoi'2" main
		# the object disassembled at the profile's addresses: quicksort's
		# instruction of line 18 (int t = *a;) costs that line's Ir, in both levels
		want=$(awk -F'[: ]' '$2 == 18 { print $3 }' "$d/annotated")
		(cd "$d" && go tool pprof -disasm=quicksort u.pb.gz) >"$tmp/dis" 2>&1
		if grep -q "^ *$want  *$want .*;quicksort qsort_hanoi.c:18\$" "$tmp/dis"; then
			ok
		else
			bad "cache-sim: pprof -disasm=quicksort has no instruction of line 18 costing $want"
			head -5 "$tmp/dis" | sed 's/^/    /'
		fi
	else
		bad "cache-sim: building or profiling the C program"
	fi
else
	echo "gcc or valgrind is not installed: the C program is not built"
	skip=$((skip + 1))
fi

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
if "$bin" --format=pprof --threshold=100 "$tmp/hostile.cg" >"$tmp/h.pb.gz" 2>"$tmp/h.err"; then
	run "hostile" hostile "$tmp/h.pb.gz" "$tmp/hostile.cg"
	run "hostile" flat "$tmp/h.pb.gz" Ir "$tmp/hostile.cg"
else
	bad "hostile: annogrind failed: $(head -c 200 "$tmp/h.err")"
fi

# The web UI: pprof -http's flame graph in headless Chromium
chrome=$(command -v chromium || command -v chromium-browser || true)
if [ -n "$chrome" ]; then
	f=$real/sqlite3.cg.gz
	"$bin" --format=pprof "$f" >"$tmp/s.pb.gz"
	hot=$(go tool pprof -top -nodecount=1 "$tmp/s.pb.gz" 2>/dev/null | awk 'f { print $NF; exit } /flat%/ { f = 1 }')
	port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	go tool pprof -http="127.0.0.1:$port" -no_browser "$tmp/s.pb.gz" >"$tmp/http.log" 2>&1 &
	server=$!
	for i in $(seq 1 100); do
		grep -q 'Serving web UI' "$tmp/http.log" && break
		sleep 0.2
	done
	"$chrome" --headless --no-sandbox --disable-gpu --disable-background-networking \
		--disable-component-update --disable-sync --no-first-run --user-data-dir="$tmp/chrome" \
		--virtual-time-budget=5000 --dump-dom "http://127.0.0.1:$port/ui/flamegraph" \
		>"$tmp/flame.dom" 2>/dev/null
	kill "$server" 2>/dev/null
	wait "$server" 2>/dev/null
	server=
	if [ -n "$hot" ] && grep -q 'id="flamegraph"\|flamegraph' "$tmp/flame.dom" && grep -qF "$hot" "$tmp/flame.dom"; then
		ok
	else
		bad "pprof -http: the flame graph page does not name the hottest function '$hot'"
		head -3 "$tmp/http.log" | sed 's/^/    /'
	fi
else
	echo "chromium (Debian chromium) is not installed"
	skip=$((skip + 1))
fi

if [ $skip -gt 0 ]; then
	echo "$name: $pass passed, $fail failed, $skip skipped"
else
	echo "$name: $pass passed, $fail failed"
fi
[ $fail = 0 ]
