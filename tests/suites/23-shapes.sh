#!/bin/sh
# Real profiles of the shapes issue 41 found seams in (testdata/shapes: dot
# with a thread in one file and stripped plugins, --cacheuse=yes thread
# files, cmark-gfm with --separate-callers=2, a stripped sed), checked by
# tests/shapes/check-shapes.py against the profile text read there, never
# against annogrind's own code: two objects' functions at one address stay
# two, outer functions cost their self cost and calls out, no inclusive
# cost is below its self cost, limits and globs see a function's contexts
# summed, a stripped main is suggested.  ANNOGRIND=path runs another binary.
top=$(cd "$(dirname "$0")/../.." && pwd)
bin=${ANNOGRIND:-$top/annogrind}
tmp=$(mktemp) || exit 2
trap 'rm -f "$tmp"' EXIT INT TERM
python3 "$top/tests/shapes/check-shapes.py" "$bin" >"$tmp" 2>&1
grep -v '^PASS ' "$tmp" | grep -v '^shapes: '
last=$(grep -E '^shapes: [0-9]+ passed, [0-9]+ failed' "$tmp")
pass=$(printf '%s\n' "$last" | grep -oE '[0-9]+ passed' | grep -oE '[0-9]+')
fail=$(printf '%s\n' "$last" | grep -oE '[0-9]+ failed' | grep -oE '[0-9]+')
pass=${pass:-0}
fail=${fail:-1}
echo "shapes: $pass passed, $fail failed"
[ "$fail" = 0 ]
