#!/bin/sh
# run.sh: the benchmark behind `make bench`; see BENCHMARKS.md.
#
# For each size it generates a profile with bench/gen (kept in bench/out/,
# remade when gen changes), checks that annogrind loads it without a word
# on stderr and with the program total the generator computed, then times,
# side by side in the same run and with a warm page cache:
#   wc -l FILE, cat FILE >/dev/null      the floor: just reading the file
#   annogrind FILE                       the default report
#   annogrind --inclusive=yes --tree=both FILE
#   annogrind --jobs=1 FILE, --jobs=2    one thread against two
#   callgrind_annotate (same two)        only on sizes up to CA_MAX (20M)
# Then each target of issue 20 with its measured ratio and PASS or MISS,
# and a simulated run: the per-block work of a -DLOAD_TIMING build on the
# 200M file (or the largest size below it), scheduled on 1 to 16 threads
# by bench/simjobs.c.
# Each time is the median of RUNS runs, wall clock and CPU (user + system
# of all threads: on a shared machine the wall clock also counts waiting
# for a core); memory is the peak RSS (/usr/bin/time -v's "Maximum
# resident set size").
#
# usage: sh bench/run.sh [BINARY]
# environment: SIZES ("20M 200M 1G"; "4G" is the >2^32-byte, >2^31-line run),
#   RUNS (5), CA_RUNS (3), CA_MAX (20M), REPEAT (yes: the 1-part vs 10-part
#   memory check), KEEP (no: delete the files of 1G and more afterwards),
#   VIEW_PAIRS (15: the views' runs in turn with their report)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$top/annogrind}
case $bin in /*) ;; *) bin=$top/$bin ;; esac
out=$top/bench/out
SIZES=${SIZES:-20M 200M 1G}
RUNS=${RUNS:-5}
CA_RUNS=${CA_RUNS:-3}
CA_MAX=${CA_MAX:-20M}
REPEAT=${REPEAT:-yes}
KEEP=${KEEP:-no}
export LC_ALL=C
mkdir -p "$out"
cc=${CC:-cc}
for t in gen timeit simjobs; do
	if [ ! -x "$out/$t" ] || [ "$top/bench/$t.c" -nt "$out/$t" ]; then
		$cc -O2 -std=c11 -D_GNU_SOURCE -o "$out/$t" "$top/bench/$t.c"
	fi
done
gen=$out/gen
timeit=$out/timeit

bytes() { # 20M -> bytes
	n=${1%[kKmMgG]}
	case $1 in
	*[kK]) echo $((n << 10)) ;; *[mM]) echo $((n << 20)) ;;
	*[gG]) echo $((n << 30)) ;; *) echo "$n" ;;
	esac
}

# gen_file NAME GEN-ARGS...: bench/out/NAME.cg, and NAME.total
gen_file() {
	name=$1; shift
	f=$out/$name.cg
	if [ ! -s "$f" ] || [ "$gen" -nt "$f" ] || [ "$(cat "$f.args" 2>/dev/null)" != "$*" ]; then
		echo "generating $name.cg: gen $*" >&2
		nice -n 10 "$gen" "$@" >"$f" 2>"$f.gen"
		echo "$*" >"$f.args"
	fi
	sed -n 's/^total: //p' "$f.gen" >"$f.total"
}

# check FILE: loads without a word, with the generator's total
check() {
	f=$1
	"$bin" --auto=no --threshold=0.001 "$f" >"$out/check.out" 2>"$out/check.err" || {
		echo "FAIL: annogrind exits $? on $f" >&2; cat "$out/check.err" >&2; exit 1; }
	if [ -s "$out/check.err" ]; then
		echo "FAIL: annogrind says something on $f:" >&2; head "$out/check.err" >&2; exit 1
	fi
	want=$(cat "$f.total")
	got=$(sed -n 's/ (100.0%)  PROGRAM TOTALS$//p' "$out/check.out" | tr -d ', ')
	if [ "$got" != "$want" ]; then
		echo "FAIL: program total $got, generator says $want ($f)" >&2; exit 1
	fi
}

# peak FILE CMD...: peak RSS in KB, from /usr/bin/time -v
peak() {
	/usr/bin/time -v "$@" >/dev/null 2>"$out/time.err" || true
	sed -n 's/.*Maximum resident set size (kbytes): //p' "$out/time.err"
}

# med RUNS CMD...: "WALL CPU", median seconds of RUNS runs (input /dev/null)
med() {
	r=$1; shift
	"$timeit" "$r" - "$@" | awk '{ print $1, $4 }'
}
w() { echo "${1% *}"; }	# wall part of "WALL CPU"
c() { echo "${1#* }"; }	# CPU part

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a != "-" && b > 0) printf "%.1f", a / b; else print "-" }'; }

echo "machine: $(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)," \
	"$(awk '/MemTotal/ { printf "%.0f GB", $2 / 1048576 }' /proc/meminfo); load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "annogrind: $bin; callgrind_annotate: $(command -v callgrind_annotate || echo none)"
echo

for size in $SIZES; do
	name=bench-$size
	case $size in
	4G)	# 10 parts of ~220 MB plus blank lines: > 2^32 bytes, > 2^31 lines
		gen_file "$name" -s 220M -r 10 -L 2200M ;;
	*)	gen_file "$name" -s "$size" ;;
	esac
	f=$out/$name.cg
	check "$f"
	fbytes=$(wc -c <"$f")
	cat "$f" >/dev/null	# warm the page cache
	lines=$(wc -l <"$f")
	r=$RUNS
	[ "$fbytes" -ge $((1 << 30)) ] && [ "$r" -gt 3 ] && r=3
	[ "$fbytes" -gt $((2 << 30)) ] && r=1
	twc=$(med "$r" wc -l "$f")
	tcat=$(med "$r" cat "$f")
	tdef=$(med "$r" "$bin" "$f")
	if [ "$fbytes" -gt $((2 << 30)) ]; then
		# one run each: the peak RSS is timeit's (the same getrusage number)
		mdef=$("$timeit" 1 - "$bin" "$f" | cut -d' ' -f2)
		ttree="- -" mtree=-
	else
		ttree=$(med "$r" "$bin" --inclusive=yes --tree=both "$f")
		mdef=$(peak "$bin" "$f")
		mtree=$(peak "$bin" --inclusive=yes --tree=both "$f")
	fi
	echo "== $name.cg: $fbytes bytes, $lines lines ($(sed -n 's/^gen: //p' "$f.gen" | cut -d, -f1-3))"
	printf '%-34s %8s %8s %8s %8s %8s %9s\n' "" "wall s" "cpu s" "wall/wc" "cpu/wc" "wall/cat" "peak KB"
	printf '%-34s %8s %8s\n' "wc -l" "$(w "$twc")" "$(c "$twc")"
	printf '%-34s %8s %8s\n' "cat >/dev/null" "$(w "$tcat")" "$(c "$tcat")"
	row() { # LABEL TIMES PEAK
		printf '%-34s %8s %8s %8s %8s %8s %9s\n' "$1" "$(w "$2")" "$(c "$2")" \
			"$(ratio "$(w "$2")" "$(w "$twc")")" "$(ratio "$(c "$2")" "$(c "$twc")")" \
			"$(ratio "$(w "$2")" "$(w "$tcat")")" "$3"
	}
	tj1=$(med "$r" "$bin" --jobs=1 "$f")
	tj2=$(med "$r" "$bin" --jobs=2 "$f")
	row "annogrind" "$tdef" "$mdef"
	row "annogrind --inclusive --tree=both" "$ttree" "$mtree"
	row "annogrind --jobs=1" "$tj1" ""
	row "annogrind --jobs=2" "$tj2" ""
	# for the targets: bench/out/val.SIZE
	echo "twc=$(w "$twc") tdef=$(w "$tdef") ttree=$(w "$ttree") tj1=$(w "$tj1") tj2=$(w "$tj2")" \
		"mdef=$mdef mtree=$mtree" >"$out/val.$size"
	if [ "$fbytes" -le "$(bytes "$CA_MAX")" ] && command -v callgrind_annotate >/dev/null; then
		# it must accept the file and find the same total
		callgrind_annotate --auto=no "$f" >"$out/ca.out" 2>"$out/ca.err" || {
			echo "FAIL: callgrind_annotate refuses $f" >&2; head "$out/ca.err" >&2; exit 1; }
		cat=$(sed -n 's/ (100.0%)  PROGRAM TOTALS$//p' "$out/ca.out" | tr -d ', ')
		[ "$cat" = "$(cat "$f.total")" ] || { echo "FAIL: callgrind_annotate total $cat" >&2; exit 1; }
		cdef=$(med "$CA_RUNS" nice -n 10 callgrind_annotate "$f")
		ctree=$(med "$CA_RUNS" nice -n 10 callgrind_annotate --inclusive=yes --tree=both "$f")
		cmdef=$(peak callgrind_annotate "$f")
		cmtree=$(peak callgrind_annotate --inclusive=yes --tree=both "$f")
		printf '%-34s %8s %8s %8s %8s %8s %9s\n' "callgrind_annotate" "$(w "$cdef")" "$(c "$cdef")" "" "" "" "$cmdef"
		printf '%-34s %8s %8s %8s %8s %8s %9s\n' "callgrind_annotate --incl --tree" "$(w "$ctree")" "$(c "$ctree")" "" "" "" "$cmtree"
		echo "annogrind is $(ratio "$(w "$cdef")" "$(w "$tdef")")x faster wall, $(ratio "$(c "$cdef")" "$(c "$tdef")")x CPU (default);" \
			"$(ratio "$(w "$ctree")" "$(w "$ttree")")x wall, $(ratio "$(c "$ctree")" "$(c "$ttree")")x CPU (--inclusive --tree=both)"
		echo "annogrind uses 1/$(ratio "$cmdef" "$mdef") of the memory (default), 1/$(ratio "$cmtree" "$mtree") (--inclusive --tree=both)"
		echo "cdef=$(w "$cdef") cmtree=$cmtree" >>"$out/val.$size"
	fi
	if [ "$lines" -gt 2147483648 ]; then
		# 64-bit line numbers: a bad line added at the end is named by its number
		echo 'bench-bad-line' >>"$f"
		bad=$("$bin" --auto=no "$f" 2>&1 >/dev/null | head -1)
		want="annogrind: $f:$((lines + 1)): warning: unrecognized line 'bench-bad-line' ignored"
		if [ "$bad" = "$want" ]; then echo "line $((lines + 1)) named right: $bad"
		else echo "FAIL: wanted: $want"; echo "      got:    $bad"; exit 1; fi
		rm -f "$f"	# no longer the generated file
	fi
	echo
	if [ "$KEEP" != yes ] && [ "$fbytes" -ge $((1 << 30)) ]; then
		rm -f "$f"
	fi
done

if [ "$REPEAT" = yes ]; then
	# memory grows with what is distinct, not with the file: 1 part vs the same part 10 times
	gen_file bench-rep1 -s 20M -r 1
	gen_file bench-rep10 -s 20M -r 10
	check "$out/bench-rep1.cg"
	check "$out/bench-rep10.cg"
	m1=$(peak "$bin" --inclusive=yes --tree=both "$out/bench-rep1.cg")
	m10=$(peak "$bin" --inclusive=yes --tree=both "$out/bench-rep10.cg")
	echo "== same part once ($(wc -c <"$out/bench-rep1.cg") bytes) and 10 times ($(wc -c <"$out/bench-rep10.cg") bytes), --inclusive --tree=both"
	echo "peak KB: $m1 and $m10: +$(awk -v a="$m1" -v b="$m10" 'BEGIN { printf "%.1f", 100 * (b - a) / a }')%"
	rm -f "$out/bench-rep10.cg"
fi

# The targets of issue 20, from this run's medians (val.SIZE files).
val() { # SIZE KEY: a value of this run, or "-"
	v=$(tr ' ' '\n' <"$out/val.$1" 2>/dev/null | sed -n "s/^$2=//p")
	echo "${v:--}"
}
target() { # TEXT VALUE OP LIMIT: a line with the ratio and PASS/MISS
	awk -v t="$1" -v v="$2" -v op="$3" -v lim="$4" 'BEGIN {
		if (v == "-" || v == "") { printf "%-62s %8s  (not measured)\n", t, "-"; exit }
		ok = op == "<=" ? v <= lim : v >= lim
		printf "%-62s %8.2f  %s (%s %s)\n", t, v, ok ? "PASS" : "MISS", op, lim }'
}
q() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-" || a == "" || b == "" || b == 0) print "-"; else print a / b }'; }
echo "== targets (issue 20), this run's medians"
if [ -f "$out/val.200M" ]; then
	target "default report on 200M / wc -l (wall)" "$(q "$(val 200M tdef)" "$(val 200M twc)")" "<=" 4
	target "--inclusive --tree=both / default report, 200M (wall)" "$(q "$(val 200M ttree)" "$(val 200M tdef)")" "<=" 1.5
	target "--jobs=1 / --jobs=2 on 200M (wall)" "$(q "$(val 200M tj1)" "$(val 200M tj2)")" ">=" 1.7
fi
if [ -f "$out/val.20M" ]; then
	target "callgrind_annotate / annogrind on 20M (wall)" "$(q "$(val 20M cdef)" "$(val 20M tdef)")" ">=" 500
	target "callgrind_annotate / annogrind peak memory, --incl --tree, 20M" "$(q "$(val 20M cmtree)" "$(val 20M mtree)")" ">=" 20
fi

# Flame graphs against speedscope's own Callgrind importer (issue 29's peer),
# when node and npm are here: its npm package is fetched into bench/out once
# (nothing of it is kept in the repository) and bench/speedscope-peer.js
# runs its importer alone.  Real profiles from testdata, and the 20M file.
SS_VERSION=1.25.0
ss=$out/speedscope
if command -v node >/dev/null && command -v npm >/dev/null; then
	if ! ls "$ss"/package/dist/release/speedscope-*.js >/dev/null 2>&1; then
		mkdir -p "$ss"
		(cd "$ss" && npm pack --silent "speedscope@$SS_VERSION" >/dev/null 2>&1 &&
			tar xzf "speedscope-$SS_VERSION.tgz") || echo "speedscope $SS_VERSION: npm pack failed" >&2
	fi
fi
bundle=$(ls "$ss"/package/dist/release/speedscope-*.js 2>/dev/null | head -1)
if [ -n "$bundle" ]; then
	echo
	echo "== --format=flamegraph against speedscope $SS_VERSION's Callgrind importer (node $(node --version))"
	printf '%-34s %10s %10s %10s %10s %7s\n' profile "ours wall" "ours CPU" "ss first" "ss median" ratio
	rm -f "$out/val.ss"
	for p in python3:testdata/levels/real/python3-json.cg.gz cc1:testdata/views/cc1.out.gz bench-20M:; do
		name=${p%%:*} src=${p#*:}
		if [ -n "$src" ]; then
			f=$out/real-$name.cg
			[ -s "$f" ] || gzip -dc "$top/$src" >"$f"
		else
			f=$out/$name.cg
			[ -s "$f" ] || continue
		fi
		ours=$(med "$RUNS" "$bin" --format=flamegraph "$f")
		theirs=$(node "$top/bench/speedscope-peer.js" "$bundle" 3 "$f" 2>"$out/ss.err") || {
			printf '%-34s %10s %10s  %s\n' "$name" "$(w "$ours")" "$(c "$ours")" "$(head -c 120 "$out/ss.err")"
			continue
		}
		want=$("$bin" --format=tsv "$f" | awk -F'\t' '$1 == "total" { print $(NF - 1) }')
		[ "${theirs%% *}" = "$want" ] || echo "note: speedscope's total ${theirs%% *}, the profile's $want ($name)"
		first=$(echo "$theirs" | awk '{ print $2 / 1000 }')
		r=$(ratio "$first" "$(w "$ours")")
		printf '%-34s %10s %10s %10s %10s %7s\n' "$name" "$(w "$ours")" "$(c "$ours")" "$first" \
			"$(echo "$theirs" | awk '{ print $3 / 1000 }')" "$r"
		[ "$name" = python3 ] && echo "sspy=$r" >>"$out/val.ss"
	done
	target "speedscope import / annogrind flame graph, python3 (wall)" \
		"$(sed -n 's/^sspy=//p' "$out/val.ss" 2>/dev/null | tail -1)" ">=" 3
fi

# Views against the report they change (issue 29): CPU time, each view run
# in turn with its report VIEW_PAIRS times and the ratio the median of the
# pairs' (runs of some 20 ms: the machine's drift between two medians of
# five runs was larger than the goal's margin), and, with valgrind,
# instructions counted by callgrind, which do not depend on the load.
VIEW_PAIRS=${VIEW_PAIRS:-15}
# vpair FILE ARG: "CPU RATIO", the view's median CPU and the median of view / report, pair by pair
vpair() {
	: >"$out/pairs"
	k=0
	while [ "$k" -lt "$VIEW_PAIRS" ]; do
		b=$(c "$(med 1 "$bin" "$1")")
		v=$(c "$(med 1 "$bin" "$2" "$1")")
		echo "$v $b" >>"$out/pairs"
		k=$((k + 1))
	done
	mid() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
	echo "$(awk '{ print $1 }' "$out/pairs" | mid) $(awk '{ print ($2 > 0 ? $1 / $2 : 0) }' "$out/pairs" | mid)"
}
echo
echo "== --focus, --ignore, --hide against the default report (CPU: $VIEW_PAIRS pairs; instructions)"
printf '%-9s %-8s %9s %7s %14s %7s\n' profile view "cpu s" ratio instructions ratio
rm -f "$out/val.views"
icount() { # CMD...: instructions, or "-" without valgrind
	if command -v valgrind >/dev/null; then
		valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
			sed -n 's/.*Collected : //p'
	else
		echo -
	fi
}
for p in python3:testdata/levels/real/python3-json.cg.gz:PyRun_StringFlags \
	 cc1:testdata/views/cc1.out.gz:'cgraph_node::expand()'; do
	name=${p%%:*} rest=${p#*:} src=${p#*:} src=${src%%:*} match=${rest#*:}
	f=$out/real-$name.cg
	[ -s "$f" ] || gzip -dc "$top/$src" >"$f"
	base=$(c "$(med "$RUNS" "$bin" "$f")")
	ibase=$(icount "$bin" "$f")
	printf '%-9s %-8s %9s %7s %14s %7s\n' "$name" report "$base" "" "$ibase" ""
	for v in focus ignore hide; do
		case $v in hide) arg=--hide=malloc ;; *) arg=--$v=$match ;; esac
		tr=$(vpair "$f" "$arg")
		t=${tr% *} r=${tr#* }
		i=$(icount "$bin" "$arg" "$f")
		printf '%-9s %-8s %9s %7s %14s %7s\n' "$name" "$v" "$t" "$(echo "$r" | cut -c1-5)" \
			"$i" "$(q "$i" "$ibase" | cut -c1-5)"
		echo "$name.$v.cpu=$r $name.$v.ir=$(q "$i" "$ibase")" >>"$out/val.views"
	done
done
for k in cpu ir; do
	worst=$(tr ' ' '\n' <"$out/val.views" | sed -n "s/^[^=]*\.$k=//p" | sort -g | tail -1)
	target "worst view / report ($k: python3, cc1; focus, ignore, hide)" "$worst" "<=" 1.5
done

# The simulated run: per-block work measured in one thread, scheduled on N.
sim=
for size in $SIZES; do
	case $size in 20M|200M) sim=$size ;; esac
done
if [ -n "$sim" ] && [ -s "$out/bench-$sim.cg" ]; then
	tb=$top/build/timing
	${MAKE:-make} -s -C "$top" BUILD="$tb" BIN="$tb/annogrind" CFLAGS="-O2 -g -DLOAD_TIMING" >/dev/null
	echo
	echo "== simulated: bench-$sim.cg, the threads of load_read.c on N cores (bench/simjobs.c)"
	"$tb/annogrind" --jobs=1 "$out/bench-$sim.cg" 2>&1 >/dev/null | "$out/simjobs" 16 | tee "$out/sim.txt"
	s2=$(awk '$1 == 2 { print $3 + 0 }' "$out/sim.txt")
	s4=$(awk '$1 == 4 { print $3 + 0 }' "$out/sim.txt")
	target "simulated speedup, 4 threads / 2 threads (scales past 2)" "$(q "$s4" "$s2")" ">=" 1.2
fi
