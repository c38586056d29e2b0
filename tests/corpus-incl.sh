#!/bin/sh
# corpus-incl.sh: no inclusive cost may pass 100% of the program total, on
# every profile of testdata/ and (when present) of ../shared/corpus.
# Ends with "N passed, N failed".
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$top/annogrind}
pass=0 fail=0
if [ ! -x "$bin" ]; then echo "corpus-incl: no binary at $bin"; echo "corpus-incl: 0 passed, 1 failed"; exit 1; fi
for dir in "$top/testdata" "$top/../shared/corpus"; do
	[ -d "$dir" ] || continue
	for f in $(find "$dir" -type f \( -name '*.cg' -o -name 'callgrind.out*' -o -name '*.callgrind' -o -name '*.log' \) ! -name '*.ann.*' | sort); do
		out=$(cd "$(dirname "$f")" && "$bin" --inclusive=yes --threshold=100 --auto=no "$(basename "$f")" 2>/dev/null) || continue
		# a percentage of 100.0 or more on a function row (not PROGRAM TOTALS)
		bad=$(printf '%s\n' "$out" | grep -v 'PROGRAM TOTALS' |
			grep -E '\((1[0-9][0-9]|[2-9][0-9][0-9]|[0-9]{4,})\.[0-9]%\)' | grep -v '(100\.0%)' | head -1)
		if [ -n "$bad" ]; then
			echo "FAIL $f: $bad"
			fail=$((fail + 1))
		else
			pass=$((pass + 1))
		fi
	done
done
echo "corpus-incl: $pass passed, $fail failed"
[ $fail = 0 ]
