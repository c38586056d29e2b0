# The --diff JSON of the test pairs validates against
# doc/annogrind-diff.schema.json and agrees with the TSV and with each
# profile's own JSON totals (tests/diff-json-check.py).
if ! python3 -c 'import jsonschema' 2>/dev/null; then
	echo "python3-jsonschema is not installed"
	echo "diff-json: 0 passed, 0 failed, 1 skipped"
	exit 0
fi
exec python3 tests/diff-json-check.py "$PWD/annogrind" doc/annogrind-diff.schema.json "$PWD/testdata"
