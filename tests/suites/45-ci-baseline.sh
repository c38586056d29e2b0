#!/bin/sh
# CI use beyond the golden tests (issue 16): what needs files, pipes or
# other programs.  Each check below says what it shows; one that needs a
# program that is not installed is counted as skipped.
set -u
name=ci-baseline
top=$(pwd)
bin=$top/annogrind
export LC_ALL=C
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
pass=0 fail=0 skip=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
skipped() { echo "skip $*"; skip=$((skip + 1)); }

# 1. The last dump of a run, read alone (--parts=last), gives
# callgrind_annotate's report byte for byte (the warning about the other
# dumps is on standard error only).
if command -v callgrind_annotate >/dev/null 2>&1; then
	for f in callgrind.out.4242 callgrind.out.4242.1; do
		(cd testdata/dumps && callgrind_annotate "$f" >"$tmp/want" 2>/dev/null &&
			"$bin" --parts=last "$f" >"$tmp/got" 2>/dev/null)
		if cmp -s "$tmp/want" "$tmp/got"; then ok; else
			bad "dumps/$f: not callgrind_annotate's report"
			diff -u "$tmp/want" "$tmp/got" | head -10 | sed 's/^/    /'
		fi
	done
else
	skipped "dumps: missing Debian package valgrind (callgrind_annotate)"
fi

# 2. --format=markdown renders with GitHub's own renderer (cmark-gfm, with
# its table extension; --unsafe keeps raw HTML so <details> can be checked):
# tests/md-check.py finds only the tags annogrind's Markdown makes, full
# table rows, and each name as its own cell's code and in the trees.
if sh tests/deps.sh has cmark-gfm python3; then
	md() { # NAME ARGS... -- NAMES...: render annogrind ARGS, check NAMES
		t=$1
		shift
		set -- "$@"
		args=""
		while [ "$1" != -- ]; do args="$args $1"; shift; done
		shift
		# shellcheck disable=SC2086
		(cd testdata && "$bin" --format=markdown $args >"$tmp/$t.md" 2>/dev/null)
		if cmark-gfm --unsafe -e table "$tmp/$t.md" >"$tmp/$t.html" &&
			python3 tests/md-check.py "$tmp/$t.html" "$@"; then
			ok
		else
			bad "markdown $t"
		fi
	}
	md report --limit=Ir:self:parse_expr=50% gate/new.cg -- \
		parse.c:parse_expr parse.c:parse_stmt main.c:main lex.c:lex util.c:new_helper
	md diff --diff --limit=Ir=+1% gate/old.cg gate/new.cg -- \
		util.c:old_helper lex.c:lex util.c:new_helper parse.c:parse_stmt
	md names --top=20 md/names.cg -- 'src dir/x|y.c:a|b' \
		'src dir/x|y.c:<script>alert(1)</script>' 'src dir/x|y.c:*bold* _em_' \
		'src dir/x|y.c:`tick`' 'src dir/x|y.c:x``y``z' \
		'src dir/x|y.c:[link](http://example.com)' 'src dir/x|y.c:f\x1b[2Jg' \
		'src dir/x|y.c:rev\xe2\x80\xaeolleh' 'src dir/x|y.c:ends\' \
		'src dir/x|y.c:std::vector<int>::operator[]' 'src dir/x|y.c:operator|' \
		'src dir/x|y.c:&amp; #1' 'src dir/x|y.c:spaced  ' 'src dir/x|y.c:main'
	md recursion --top=2 tree/mutual.cg -- mutual.c:a mutual.c:b
	# the check can fail: a '|' left unescaped splits its cell
	sed 's/a\\|b/a|b/' "$tmp/names.md" | cmark-gfm --unsafe -e table >"$tmp/bad.html"
	if python3 tests/md-check.py "$tmp/bad.html" 'src dir/x|y.c:a|b' >/dev/null; then
		bad "md-check.py took a split cell"
	else
		ok
	fi
else
	skipped "markdown render: missing Debian package cmark-gfm or python3"
fi

# 3. The CI jobs of doc/ci.md, run as written (tests/ci-doc.py takes their
# commands out; the installation is left out) against testdata/baseline:
# valgrind is a stub that writes the profile of its workload, curl one that
# hands out the baseline of the last main run, if any.  For each of GitHub
# and GitLab: the main branch without a baseline (a report, exit 0); a pull
# request whose limits hold (PASS, exit 0); one whose large workload got
# slower (FAIL, exit 1, the broken limits in the summary).  The baseline is
# checked against an awk sum of the cost lines of the runs it sums.
if sh tests/deps.sh has python3-yaml; then
	jobs=$tmp/jobs
	fixtures=$top/testdata/baseline
	mkdir -p "$tmp/bin"
	cat >"$tmp/bin/valgrind" <<'STUB'
#!/bin/sh
# valgrind stub: the profile of workload $last for $SCENARIO (main, pr, slow)
for a; do case $a in --callgrind-out-file=*) out=${a#*=} ;; esac; last=$a; done
case $SCENARIO/$last in
main/*) src=main-$last.cg ;;
slow/large) src=pr-large-slow.cg ;;
*) src=pr-$last.cg ;;
esac
cp "$FIXTURES/$src" "$out"
STUB
	cat >"$tmp/bin/curl" <<'STUB'
#!/bin/sh
# curl stub: the baseline of the last main run ($BASELINE), or HTTP 404
while [ $# -gt 0 ]; do
	case $1 in --output) out=$2; shift ;; esac
	shift
done
[ -n "${BASELINE:-}" ] && [ -f "$BASELINE" ] || exit 22
cp "$BASELINE" "$out"
STUB
	chmod +x "$tmp/bin/valgrind" "$tmp/bin/curl"
	if python3 tests/ci-doc.py doc/ci.md "$jobs"; then
		ok
	else
		bad "doc/ci.md: jobs not found"
	fi
	# run KIND SCENARIO DIR: the job's scripts in DIR, stopping at the first
	# that fails; prints the status of the last one run
	run_job() {
		kind=$1 scen=$2 dir=$3
		mkdir -p "$dir"
		: >"$dir/step-summary.md"
		st=0
		for s in $(cut -f1 "$jobs/MANIFEST" | grep "^$kind-"); do
			(cd "$dir" && SCENARIO=$scen FIXTURES=$fixtures BASELINE=${BASELINE:-} \
				GITHUB_STEP_SUMMARY=$dir/step-summary.md PATH="$tmp/bin:$top:$PATH" \
				bash -eo pipefail "$jobs/$s" >"$dir/$s.out" 2>"$dir/$s.err")
			st=$?
			[ $st = 0 ] || break
		done
		echo $st
	}
	# want WHAT STATUS GOT-STATUS FILE PATTERN: the status and a line of the summary
	want() {
		if [ "$2" = "$3" ] && grep -q -- "$5" "$4"; then
			ok
		else
			bad "doc/ci.md $1: exit $3 (want $2), '$5' in $(basename "$4")?"
			sed 's/^/    /' "$4" | head -5
		fi
	}
	# awk: the sum of the cost lines of Callgrind files, calls' costs left out
	awk_total() {
		awk '/^calls=/ { skip = 1; next } /^[0-9+-]/ { if (!skip) t += $2; skip = 0 } END { print t }' "$@"
	}
	for kind in github gitlab; do
		d=$tmp/$kind
		BASELINE=
		st=$(run_job "$kind" main "$d/main")
		if [ $kind = github ]; then sum=$d/main/step-summary.md; else sum=$d/main/summary.md; fi
		want "$kind main, no baseline" 0 "$st" "$sum" '^\*\*annogrind\*\*: Ir 8,600$'
		# the baseline the main run leaves (GitHub: baseline.cg.gz; GitLab: the artifact)
		if [ $kind = github ]; then base=$d/main/baseline.cg.gz; else base=$d/main/current.cg.gz; fi
		got=$("$top/annogrind" --auto=no "$base" 2>/dev/null | sed -n 's/ (100.0%)  PROGRAM TOTALS.*//p' | tr -d ' ,')
		exp=$(awk_total "$fixtures/main-small.cg" "$fixtures/main-large.cg")
		if [ "$got" = "$exp" ] && [ "$exp" = 8600 ] && gzip -t "$base"; then ok; else
			bad "doc/ci.md $kind: baseline total $got, awk $exp"
		fi
		for scen in pr slow; do
			mkdir -p "$d/$scen"
			if [ $kind = github ]; then
				cp "$base" "$d/$scen/baseline.cg.gz"
				sum=$d/$scen/step-summary.md
			else
				BASELINE=$base
				sum=$d/$scen/summary.md
			fi
			st=$(run_job "$kind" "$scen" "$d/$scen")
			if [ $scen = pr ]; then
				want "$kind pull request" 0 "$st" "$sum" 'PASS\*\*: all 3 limits hold'
			else
				want "$kind slower pull request" 1 "$st" "$sum" 'FAIL\*\*: 2 of 3 limits broken'
				want "$kind slower pull request" 1 "$st" "$sum" 'src/parse.c:parse` inclusive Ir 6,000 .* 7,020 (+1,020, +17.00%)'
			fi
			if command -v cmark-gfm >/dev/null 2>&1; then
				cmark-gfm --unsafe -e table "$sum" >"$tmp/job.html"
				if python3 tests/md-check.py "$tmp/job.html" src/parse.c:parse; then ok; else
					bad "doc/ci.md $kind $scen: summary does not render"
				fi
			fi
		done
	done
else
	skipped "doc/ci.md jobs: missing Debian package python3-yaml"
fi

# 4. Every profile of ../shared/corpus as --format=markdown (--top=30) and
# compared with itself summed twice (--diff --format=markdown, every cost
# doubled, so every function changed and has its tree): each renders with
# cmark-gfm into only annogrind's tags and full table rows (md-check.py), or
# annogrind refuses the profile (exit 3) as the text report does.
corpus=$top/../shared/corpus
if ! sh tests/deps.sh has cmark-gfm python3; then
	skipped "corpus markdown: missing Debian package cmark-gfm or python3"
elif [ ! -f "$corpus/MANIFEST.tsv" ]; then
	skipped "corpus markdown: no corpus at $corpus"
else
	for f in $(awk -F'\t' 'NR > 1 { print $1 }' "$corpus/MANIFEST.tsv" | sort -u); do
		dir=$corpus/$(dirname "$f")
		base=$(basename "$f")
		[ -s "$dir/$base" ] || continue
		for how in report diff; do
			if [ $how = report ]; then
				(cd "$dir" && "$bin" --format=markdown --top=30 "$base" >"$tmp/c.md" 2>/dev/null)
			else
				(cd "$dir" && "$bin" --format=callgrind --output="$tmp/twice.cg" "$base" "$base" \
					2>/dev/null && "$bin" --diff --format=markdown --inclusive=yes "$base" \
					"$tmp/twice.cg" >"$tmp/c.md" 2>/dev/null)
			fi
			rc=$?
			if [ $rc = 3 ] && [ ! -s "$tmp/c.md" ]; then ok; continue; fi
			if [ $rc = 0 ] && cmark-gfm --unsafe -e table "$tmp/c.md" >"$tmp/c.html" &&
				python3 tests/md-check.py --no-details "$tmp/c.html"; then
				ok
			else
				bad "corpus $f ($how): exit $rc"
			fi
		done
	done
fi

if [ $skip -gt 0 ]; then
	echo "$name: $pass passed, $fail failed, $skip skipped"
else
	echo "$name: $pass passed, $fail failed"
fi
[ $fail = 0 ]
