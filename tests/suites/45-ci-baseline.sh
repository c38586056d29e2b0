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
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0 fail=0 skip=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
skipped() { echo "skip $*"; skip=$((skip + 1)); }

# 1. The last dump of a run, read alone, gives callgrind_annotate's report
# byte for byte (the warning about the other dumps is on standard error only).
if command -v callgrind_annotate >/dev/null 2>&1; then
	for f in callgrind.out.4242 callgrind.out.4242.1; do
		(cd testdata/dumps && callgrind_annotate "$f" >"$tmp/want" 2>/dev/null &&
			"$bin" "$f" >"$tmp/got" 2>/dev/null)
		if cmp -s "$tmp/want" "$tmp/got"; then ok; else
			bad "dumps/$f: not callgrind_annotate's report"
			diff -u "$tmp/want" "$tmp/got" | head -10 | sed 's/^/    /'
		fi
	done
else
	skipped "dumps: no callgrind_annotate"
fi

# 2. --format=markdown renders with GitHub's own renderer (cmark-gfm, with
# its table extension; --unsafe keeps raw HTML so <details> can be checked):
# tests/md-check.py finds only the tags annogrind's Markdown makes, full
# table rows, and each name as its own cell's code and in the trees.
if command -v cmark-gfm >/dev/null 2>&1; then
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
		'src dir/x|y.c:rev\u202eolleh' 'src dir/x|y.c:ends\' \
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
	skipped "markdown render: no cmark-gfm (Debian package cmark-gfm)"
fi

if [ $skip -gt 0 ]; then
	echo "$name: $pass passed, $fail failed, $skip skipped"
else
	echo "$name: $pass passed, $fail failed"
fi
[ $fail = 0 ]
