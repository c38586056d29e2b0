# The same in JSON and TSV: a.c:helper's self cost is [-100, 7], the totals [700, -18].
cd cachegrind && annogrind --format=json diff.cgout && annogrind --format=tsv diff.cgout
