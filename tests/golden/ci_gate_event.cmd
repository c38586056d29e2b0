# A limit on an event the profile does not have is a usage error (exit 2).
annogrind --limit=Bc=5 ci/a.cg
