# Names in JSON: '"' and '\' escaped, a tab as \u0009, valid UTF-8 (é) kept,
# the lone byte 0xe9 (not UTF-8) taken as Latin-1: \u00e9.  TSV writes the
# tab as \t.  Limits: "operator==(a, b)" holds '=' (the MAX is after the
# last '='); self Ir 1 > 0 breaks it; "caf*" matches café (5 > 4).
annogrind --format=json --limit='Ir:self:operator==(a, b)=0' --limit='Ir:self:caf*=4' ci/names.cg ; echo "exit $?"
annogrind --format=tsv ci/names.cg
