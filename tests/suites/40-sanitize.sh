# AddressSanitizer + UndefinedBehaviorSanitizer: the unit tests, every golden test, then every
# input the fuzzer ever crashed on (fuzz/regress/*), which must load or be
# refused with "annogrind: FILE[:LINE]: ..." and exit 0 or 3.
set -u
bin=build/asan/annogrind
if ! ${MAKE:-make} -s SANITIZE=address,undefined BUILD=build/asan BIN=$bin; then
	echo "sanitize: 0 passed, 1 failed (build)"
	exit 1
fi
# A sanitizer report exits 99, which no golden test expects.
export ASAN_OPTIONS=detect_leaks=1:exitcode=99:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:exitcode=99
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM

pass=0 fail=0 skip=0
# Add the counts of the last "N passed, N failed" line of a runner's output.
count() {
	cat "$1"
	last=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$1" | tail -1)
	p=$(printf '%s\n' "$last" | sed -n 's/.*[^0-9]\([0-9][0-9]*\) passed.*/\1/p')
	f=$(printf '%s\n' "$last" | sed -n 's/.* \([0-9][0-9]*\) failed.*/\1/p')
	if [ -z "$p" ] || [ -z "$f" ]; then
		echo "sanitize: $2 printed no counts"
		fail=$((fail + 1))
		return
	fi
	pass=$((pass + p)); fail=$((fail + f))
}

# The Check unit tests, built into the same folder.
if sh tests/deps.sh has check pkg-config; then
	${MAKE:-make} -s unit SANITIZE=address,undefined BUILD=build/asan >"$tmp/unit" 2>&1
	count "$tmp/unit" unit
else
	echo "skip: missing Debian package check or pkg-config: no unit tests"
	skip=$((skip + 1))
fi
sh tests/golden.sh "$bin" >"$tmp/golden" 2>&1
count "$tmp/golden" golden

# Each regression input with the options of every renderer of fuzz/fuzz_load.c.
for f in fuzz/regress/*; do
	[ -f "$f" ] || continue
	for args in "--auto=no" "--auto=no --threshold=50 --show-percs=no" \
		    "--auto=no --inclusive=yes --tree=both --threshold=100" "--format=dot" \
		    "--format=json --inclusive=yes" "--format=tsv --tree=both" "--format=callgrind" \
		    "--format=markdown --top=40"; do
		# shellcheck disable=SC2086
		$bin $args "$f" >/dev/null 2>"$tmp/err"
		rc=$?
		ok=1
		case $rc in 0|3) ;; *) ok=0 ;; esac
		# every message names the file (and a line where there is one)
		if grep -v "^annogrind: $f\(:[0-9][0-9]*\)\{0,1\}: " "$tmp/err" >/dev/null; then
			ok=0
		fi
		if [ $ok = 1 ]; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "FAIL fuzz regression $f ($args): exit $rc"
			head -20 "$tmp/err" | sed 's/^/    /'
		fi
	done
	# the fuzzer's markdown-diff renderer: the profile compared with itself
	$bin --diff --format=markdown --inclusive=yes "$f" "$f" >/dev/null 2>"$tmp/err"
	rc=$?
	case $rc in
	0|3) pass=$((pass + 1)) ;;
	*) fail=$((fail + 1)); echo "FAIL fuzz regression $f (--diff --format=markdown): exit $rc"
	   head -20 "$tmp/err" | sed 's/^/    /' ;;
	esac
done
echo "sanitize: $pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
