# A limit with --format=callgrind: the profile is written, then the total
# Ir of a.cg + b.cg, 110 + 110 = 220, breaks Ir=200 (exit 1).
annogrind --format=callgrind --limit=Ir=200 ci/a.cg ci/b.cg > /dev/null
