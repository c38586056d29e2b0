# The baseline loop with files (testdata/baseline/README has the numbers).
# 1. The main branch's two runs (workloads small and large) summed into one
#    gzip-compressed baseline with --output=FILE.gz: 1,500 + 7,100 = 8,600 Ir.
# 2. A pull request's two runs summed the same way: 1,520 + 7,200 = 8,720.
# 3. Compared with limits, build paths normalised on both sides by
#    --mod-filename: total +120 = +1.40% holds Ir=+2%; parse +120 of 6,000
#    = +2.00% holds Ir:incl:parse=+2%, breaks +1.99% (exit 1).
# 4. Without the rule the build paths differ: every function of the pull
#    request is new (parse grows from nothing: +6,120, an infinite
#    percentage), and the limit naming parse breaks; exit 1.
d=$(mktemp -d)
annogrind --format=callgrind --output="$d/baseline.cg.gz" baseline/main-small.cg baseline/main-large.cg; echo "exit $?"
annogrind --format=callgrind --output="$d/current.cg.gz" baseline/pr-small.cg baseline/pr-large.cg; echo "exit $?"
gzip -t "$d/baseline.cg.gz" && gzip -t "$d/current.cg.gz" && echo "both gzip"
annogrind --auto=no "$d/baseline.cg.gz" | grep TOTALS
annogrind --diff --mod-filename='s|^/build/[0-9a-f]+/||' --limit=Ir=+2% \
	--limit=Ir:incl:parse=+2% "$d/baseline.cg.gz" "$d/current.cg.gz" 2>&1 | sed "s|$d|TMP|g"; echo "exit $?"
annogrind --diff --mod-filename='s|^/build/[0-9a-f]+/||' --limit=Ir=+2% \
	--limit=Ir:incl:parse=+1.99% "$d/baseline.cg.gz" "$d/current.cg.gz" >/dev/null 2>"$d/err"; echo "exit $?"
cat "$d/err"
annogrind --diff --limit=Ir:incl:parse=+2% "$d/baseline.cg.gz" "$d/current.cg.gz" >/dev/null 2>"$d/err"; echo "exit $?"
cat "$d/err"
rm -rf "$d"
