# Limit syntax: counts with ',' or '_' separators; a percentage over 100,
# a missing '=MAX', an empty function, a word other than self/incl and a
# non-number are usage errors (exit 2).  a.cg: total Ir 110, work self 70.
annogrind --format=tsv --limit=Ir=1,000 --limit=Ir:self:work=70 --limit=Ir:incl:main=1_000 ci/a.cg >/dev/null; echo "exit $?"
annogrind --limit=Ir=101% ci/a.cg; echo "exit $?"
annogrind --limit=Ir ci/a.cg; echo "exit $?"
annogrind --limit=Ir:self:=5 ci/a.cg; echo "exit $?"
annogrind --limit=Ir:both:main=5 ci/a.cg; echo "exit $?"
annogrind --limit=Ir=lots ci/a.cg; echo "exit $?"
annogrind --limit==5 ci/a.cg; echo "exit $?"
