# The JSON of every profile of ../shared/corpus validates against
# doc/annogrind-json.schema.json and has the text report's totals.
corpus=../shared/corpus
if [ ! -f "$corpus/MANIFEST.tsv" ]; then
	echo "json-check: no $corpus: 0 passed, 0 failed, 1 skipped"
	exit 0
fi
sh tests/deps.sh need json-check python3-jsonschema || exit 0
exec python3 tests/json-check.py "$PWD/annogrind" doc/annogrind-json.schema.json "$corpus"
