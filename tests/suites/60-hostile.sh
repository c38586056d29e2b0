#!/bin/sh
# Hostile profiles (issue 15): each class of tests/hostile/*.sh makes an
# input at two sizes, the second twice the first, and annogrind must, at
# both sizes:
#   - finish before a generous guard (timeout): no hang;
#   - end by exiting, not by a signal, with the status the class expects,
#     and say what the class expects on stderr;
#   - stay under the memory ceiling documented in annogrind(1) (peak
#     resident memory from /usr/bin/time, max(64 MiB, 40 bytes per byte
#     of input));
# and, over the two sizes, its instruction count under
# valgrind --tool=callgrind (deterministic, unlike time) may at most about
# double: ratio <= 2.5 (n log n passes, n^2 gives about 4).  A class may
# count system calls too (count="Ir sysCount"), for costs in the kernel.
#
# tests/hostile/README.md says how to write a class.  Environment:
#   HOSTILE_BIN      the binary to test [./annogrind] (an older one shows
#                    the numbers before a fix)
#   HOSTILE_CLASSES  class names to run (shell globs) [all]
#   HOSTILE_KEEP     a folder to keep the inputs and outputs in
#   HOSTILE_NOCOUNT  set: skip the valgrind counts (quick runs)
set -u
CEIL_FLOOR_KB=65536	# 64 MiB
CEIL_PER_BYTE=40
RATIO_MAX=2.5

# Helper mode: run one case in its folder (under timeout and time).
if [ "${1:-}" = --run ]; then
	class=$2 dir=$3 bin=$4
	args="" inputs=in.cg
	run() { "$1" $args >out 2>err; }
	. "$class"
	cd "$dir" || exit 2
	run "$bin"
	exit $?
fi

top=$(pwd)
name=hostile
bin=${HOSTILE_BIN:-$top/annogrind}
case $bin in /*) ;; *) bin=$top/$bin ;; esac
pass=0 fail=0 skip=0
if [ -n "${HOSTILE_KEEP:-}" ]; then
	tmp=$HOSTILE_KEEP
	mkdir -p "$tmp" || exit 2
else
	tmp=$(mktemp -d) || exit 2
	trap 'rm -rf "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
fi
export LC_ALL=C
have_vg=1
command -v valgrind >/dev/null 2>&1 || have_vg=0
[ -n "${HOSTILE_NOCOUNT:-}" ] && have_vg=0
sh tests/deps.sh need $name time || exit 0

# valgrind as the binary: the count goes to its own log.  With
# --collect-systime=yes Callgrind also counts system calls (sysCount),
# for classes whose cost is in the kernel (stat, open, read).
vg=$tmp/vg-annogrind
cat >"$vg" <<EOF
#!/bin/sh
exec valgrind --tool=callgrind --collect-systime=yes --callgrind-out-file=/dev/null --log-file="\$PWD/vg.log" "$bin" "\$@"
EOF
chmod +x "$vg"

# The count of event $2 in valgrind log $1 ("Events : Ir sysCount ..."
# over "Collected : N N ..."), or nothing.
count_of() {
	awk -v ev="$2" '
		/Events *:/ { sub(/.*Events *: */, ""); n = split($0, names, " ") }
		/Collected *:/ { sub(/.*Collected *: */, ""); split($0, vals, " ")
			for (i = 1; i <= n; i++) if (names[i] == ev) v = vals[i] }
		END { if (v != "") print v }' "$1" 2>/dev/null
}

bad() { # CASE MESSAGE
	echo "FAIL $1: $2"
	ok=0
}

# One class at one size; sets ir (instruction count, or empty) and kb.
one() { # CLASSFILE CLASS N
	cf=$1 c=$2 n=$3
	d=$tmp/$c/$n
	rm -rf "$d"
	mkdir -p "$d"
	(cd "$d" && gen "$n") || { bad "$c/$n" "the generator failed"; return; }
	bytes=0
	for f in $inputs; do
		[ -f "$d/$f" ] && bytes=$((bytes + $(wc -c <"$d/$f")))
	done
	ceil=$((bytes * CEIL_PER_BYTE / 1024))
	[ $ceil -lt $CEIL_FLOOR_KB ] && ceil=$CEIL_FLOOR_KB
	timeout -k 5 "$guard" /usr/bin/time -f %M -o "$d/mem" \
		sh "$top/tests/suites/60-hostile.sh" --run "$cf" "$d" "$bin" </dev/null
	st=$?
	kb=$(tail -1 "$d/mem" 2>/dev/null | grep -E '^[0-9]+$' || echo 0)
	counts=
	if [ $st = 124 ] || [ $st = 137 ]; then
		bad "$c/$n" "no answer after $guard s (hang?)"
		return
	fi
	if [ $st -ge 128 ]; then
		bad "$c/$n" "killed by signal $((st - 128))"
		return
	fi
	[ "$st" = "$status" ] || bad "$c/$n" "exit status $st, want $status: $(head -c 300 "$d/err" 2>/dev/null)"
	if [ -n "$expect_err" ] && ! grep -Eq -- "$expect_err" "$d/err"; then
		bad "$c/$n" "stderr does not match /$expect_err/: $(head -c 300 "$d/err")"
	fi
	if [ "$kb" -gt "$ceil" ]; then
		bad "$c/$n" "peak memory $kb KB above the ceiling $ceil KB ($bytes bytes of input)"
	fi
	if [ "$(command -v check_case)" = check_case ]; then
		(cd "$d" && check_case "$n") || bad "$c/$n" "the class's check_case failed"
	fi
	if [ $have_vg = 1 ] && [ "$growth" != none ]; then
		(cd "$d" && timeout -k 5 "$vg_guard" sh "$top/tests/suites/60-hostile.sh" \
			--run "$cf" "$d" "$vg" </dev/null >/dev/null 2>&1)
		for ev in $count; do
			v=$(count_of "$d/vg.log" "$ev")
			[ -n "$v" ] || { bad "$c/$n" "no $ev count from valgrind"; counts=; break; }
			counts="$counts $v"
		done
	fi
}

for cf in "$top"/tests/hostile/*.sh; do
	c=$(basename "$cf" .sh)
	if [ -n "${HOSTILE_CLASSES:-}" ]; then
		hit=0
		for pat in $HOSTILE_CLASSES; do
			case $c in $pat) hit=1 ;; esac
		done
		[ $hit = 1 ] || continue
	fi
	(
		about="" sizes="" args="" inputs="in.cg" status=0 expect_err="" growth=linear
		guard=60 vg_guard=600 ratio_max=$RATIO_MAX count=Ir
		run() { "$1" $args >out 2>err; }
		. "$cf"
		ok=1
		set -- $sizes
		n1=$1 n2=$2
		one "$cf" "$c" "$n1"
		c1=$counts kb1=$kb
		one "$cf" "$c" "$n2"
		c2=$counts kb2=$kb
		line="$c:"
		i=0
		for ev in $count; do
			i=$((i + 1))
			a=$(echo $c1 | cut -d' ' -f$i) b=$(echo $c2 | cut -d' ' -f$i)
			line="$line n=$n1 ${a:--} $ev, n=$n2 ${b:--} $ev"
			[ -n "$a" ] && [ -n "$b" ] || continue
			r=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", a ? b / a : 1 }')
			line="$line (ratio $r);"
			if awk -v r="$r" -v m="$ratio_max" 'BEGIN { exit !(r > m) }'; then
				bad "$c" "$ev grew $r times for twice the input (at most $ratio_max)"
			fi
		done
		echo "$line peak $kb1 KB, $kb2 KB ($about)"
		[ $ok = 1 ]
	) && pass=$((pass + 1)) || fail=$((fail + 1))
done
if [ $have_vg = 0 ] && [ -z "${HOSTILE_NOCOUNT:-}" ]; then
	echo "skip: missing Debian package valgrind: growth not checked"
	skip=$((skip + 1))
fi
echo "$name: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
