# A limit without self/incl before its function is a usage error (exit 2).
annogrind --limit=Ir:main=5 ci/a.cg
