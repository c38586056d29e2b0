# The --diff JSON of the test pairs validates against
# doc/annogrind-diff.schema.json and agrees with the TSV and with each
# profile's own JSON totals (tests/diff-json-check.py).
sh tests/deps.sh need diff-json python3-jsonschema || exit 0
exec python3 tests/diff-json-check.py "$PWD/annogrind" doc/annogrind-diff.schema.json "$PWD/testdata"
