# --format=markdown of one profile (gate/new.cg, worked out in gate_rel_pass):
# the verdict first (1 of 2 limits broken; totals Ir 7,650, Dr 705), the
# broken limit (parse_expr self Ir 4,000 = 52.29% of 7,650 > 50%; Ir=10000
# holds), profile, command and events, the totals, the five functions by
# self cost (each self and inclusive with its share of the total: main
# inclusive 7,650 = 100.00%), and folded in <details> their callers and
# callees with inclusive costs.  The limit is on standard error as usual;
# exit 1.  tests/suites/45-ci-baseline.sh renders this with cmark-gfm.
annogrind --format=markdown --limit=Ir:self:parse_expr=50% --limit=Ir=10000 gate/new.cg
