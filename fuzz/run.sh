#!/bin/sh
# run.sh: seed and run the libFuzzer target for a while.
#
# usage: fuzz/run.sh [SECONDS]   (default 600; run from the top folder)
# Seeds: every profile of testdata/ and of ../shared/corpus (CORPUS=dir to
# change it), cut to MAXLEN bytes; the corpus the fuzzer grows is kept in
# build/fuzz-corpus between runs.  A crash leaves its input in
# build/fuzz-artifacts/; fix it, then copy the input to fuzz/regress/ so
# tests/suites/40-sanitize.sh replays it forever.
set -eu
secs=${1:-600}
corpus=${CORPUS:-../shared/corpus}
maxlen=${MAXLEN:-16384}
${MAKE:-make} -s fuzz
mkdir -p build/fuzz-corpus build/fuzz-seeds build/fuzz-artifacts
n=0
for f in $(find testdata fuzz/regress "$corpus" -type f ! -name '*.ann.*' ! -name '*.c' \
	       ! -name '*.cpp' ! -name '*.h' ! -name '*.tsv' ! -name '*.md' 2>/dev/null); do
	n=$((n + 1))
	head -c "$maxlen" "$f" >build/fuzz-seeds/seed$n
done
cp fuzz/annogrind-fuzz build/fuzz-run
exec nice -n 10 build/fuzz-run -max_len="$maxlen" -max_total_time="$secs" \
	-timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -dict=fuzz/annogrind.dict \
	-artifact_prefix=build/fuzz-artifacts/ build/fuzz-corpus build/fuzz-seeds
