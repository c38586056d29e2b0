# valgrind memcheck under every golden test: no error and no leak of any kind
# (still-reachable blocks count too).  bad_hugeline is left out: memcheck
# takes most of a minute over its 100 MB line; 40-sanitize runs it under ASan.
set -u
sh tests/deps.sh need memcheck valgrind || exit 0
${MAKE:-make} -s annogrind >/dev/null || { echo "memcheck: 0 passed, 1 failed (build)"; exit 1; }
WRAP="valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all" \
SKIP="bad_hugeline" exec sh tests/golden.sh ./annogrind
