# --output=FILE: the report goes to FILE, replaced only when the run
# succeeds (exit 0, or 1 for broken limits: the report is complete); a run
# that fails leaves FILE as it was and no temporary file behind.
d=$(mktemp -d)
annogrind --auto=no --top=1 --output="$d/report.txt" gate/new.cg; echo "exit $?"
sed -n '/TOTALS/p' "$d/report.txt"
# a broken limit (total Ir 7,650 > 100): still written, exit 1
annogrind --auto=no --top=1 --limit=Ir=100 --output="$d/limit.txt" gate/new.cg 2>/dev/null; echo "exit $?"
sed -n '/TOTALS/p' "$d/limit.txt"
# a profile that cannot be read: exit 3, report.txt unchanged
annogrind --auto=no --output="$d/report.txt" gate/missing.cg; echo "exit $?"
sed -n '/TOTALS/p' "$d/report.txt"
ls "$d"
# FILE.gz is gzip-compressed; gzip -dc gives the text report
annogrind --auto=no --top=1 --output="$d/report.txt.gz" gate/new.cg; echo "exit $?"
gzip -dc "$d/report.txt.gz" | cmp - "$d/report.txt" && echo "same text"
# a folder that does not exist: an output error before anything is read (exit 4)
annogrind --output="$d/none/x.txt" gate/new.cg 2>"$d/err"; echo "exit $?"
sed "s|$d|TMP|" "$d/err"
annogrind --output= gate/new.cg; echo "exit $?"
# '-' is standard output
annogrind --auto=no --top=1 --output=- gate/new.cg | sed -n '/TOTALS/p'
rm -rf "$d"
