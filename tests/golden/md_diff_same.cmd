# Nothing changed (a.cg against its gzip-compressed copy): the totals'
# change is 0, the table says so and there are no trees.  No limit: the
# verdict line only gives the totals (Ir 110, Dr 22).
annogrind --diff --format=markdown ci/a.cg ci/a.cg.gz
