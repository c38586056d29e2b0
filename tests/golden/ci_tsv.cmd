# TSV of a.cg + b.cg: same numbers as ci_json, one call row per edge
# (main>work 3 calls 190 36, main>extra 1 call 15 3, work>leaf 7 calls 80 10).
annogrind --format=tsv ci/a.cg ci/b.cg
