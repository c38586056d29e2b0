# Limits are not checked on a comparison: a usage error (exit 2).
annogrind --diff --limit=Ir=5 ci/a.cg ci/b.cg
