# same.sh: sourced by suites that run annogrind two ways on every profile of
# testdata/ and of the shared corpus and want the same output both ways.
# The suite sets top, tmp, pass and fail and defines run_a and run_b
# (FILE OPTS...: print what to compare); same_output MESSAGE OPTSET...
# runs both with each option set and counts one pass or fail per profile.

same_profiles() {
	find testdata ../shared/corpus -type f 2>/dev/null | sort | while read -r f; do
		case $f in
		*.txt|*.err|*.c|*.cc|*.cpp|*.h|*.cmd|*.tsv|*.md|*.json|*.stdout|*.stderr|*.exit|*/README) ;;
		*) echo "$top/$f" ;;
		esac
	done
}

same_output() {
	msg=$1
	shift
	for f in $(same_profiles); do
		ok=1
		for o in "$@"; do
			# shellcheck disable=SC2086
			run_a "$f" $o >"$tmp/a"
			# shellcheck disable=SC2086
			run_b "$f" $o >"$tmp/b"
			cmp -s "$tmp/a" "$tmp/b" || ok=0
		done
		if [ $ok = 1 ]; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "FAIL: $f: $msg"
			diff "$tmp/a" "$tmp/b" | head -5
		fi
	done
}
