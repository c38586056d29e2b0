# gzip input and standard input are read block by block: every profile of
# ../shared/corpus, gzip-compressed, read from a file and from a pipe by a
# build whose input blocks are 7 bytes (lines and gzip data cut everywhere),
# gives the same report (or the same error) as the plain file.
set -u
name=ci-gzip
corpus=../shared/corpus
if [ ! -f "$corpus/MANIFEST.tsv" ]; then
	echo "$name: no $corpus: 0 passed, 0 failed, 1 skipped"
	exit 0
fi
top=$(pwd)
tiny=$top/build/ci-tinyblock/annogrind
${MAKE:-make} -s BUILD=build/ci-tinyblock BIN="$tiny" CFLAGS="-O1 -g -DINPUT_BLOCK=7 -DLOAD_READ_BLOCK=7" "$tiny" >/dev/null || {
	echo "$name: cannot build $tiny: 0 passed, 1 failed"
	exit 1
}
export LC_ALL=C
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
pass=0 fail=0
opts="--auto=no --threshold=100 --inclusive=yes --tree=both"
# the profile's name (line 2, and messages) is the only difference allowed;
# run NAME-IN-MESSAGES BINARY ARG [<stdin]: report, messages, exit status
run() {
	n=$1
	shift
	# shellcheck disable=SC2086
	(cd "$dir" && "$@" >"$tmp/out" 2>"$tmp/err"; echo "exit $?" >"$tmp/rc")
	sed "2s|^Profile data file.*'|Profile data file 'NAME'|" "$tmp/out"
	sed "s|$n|NAME|g" "$tmp/err"
	cat "$tmp/rc"
}
for f in $(awk -F'\t' 'NR > 1 { print $1 }' "$corpus/MANIFEST.tsv" | sort -u); do
	dir=$corpus/$(dirname "$f")
	base=$(basename "$f")
	[ -s "$dir/$base" ] || continue	# the empty --separate-threads base
	gzip -c "$dir/$base" >"$tmp/p.gz"
	# shellcheck disable=SC2086
	run "$base" "$top/annogrind" $opts "$base" >"$tmp/want"
	ok=1
	for how in file pipe plainpipe; do
		# shellcheck disable=SC2086
		case $how in
		file) run "$tmp/p.gz" "$tiny" $opts "$tmp/p.gz" ;;
		pipe) run "<stdin>" "$tiny" $opts - <"$tmp/p.gz" ;;
		plainpipe) run "<stdin>" "$tiny" $opts - <"$dir/$base" ;;
		esac >"$tmp/got"
		if ! cmp -s "$tmp/want" "$tmp/got"; then
			[ $ok = 1 ] && echo "FAIL $f ($how)"
			ok=0
			diff -u "$tmp/want" "$tmp/got" | head -10 | sed 's/^/    /'
		fi
	done
	if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
echo "$name: $pass passed, $fail failed"
[ $fail = 0 ]
