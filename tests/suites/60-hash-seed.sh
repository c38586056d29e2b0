#!/bin/sh
# Hash tables are keyed with a random key per process (src/hash.h), so
# that a profile cannot choose names or line numbers that collide; nothing
# printed may depend on that key.  Every profile of testdata/ and of the
# shared corpus is read with two fixed keys (ANNOGRIND_HASH_SEED) in every
# output format, and with --diff against itself, and the outputs (stdout,
# stderr, exit status) must be the same byte for byte.
set -u
top=$(pwd)
name=hash-seed
export LC_ALL=C
pass=0 fail=0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM

seeded() { # SEED FILE OPTS...: run in the profile's folder, where its sources are
	s=$1 f=$2
	shift 2
	(cd "$(dirname "$f")" && ANNOGRIND_HASH_SEED=$s "$top/annogrind" "$@" 2>&1; echo "exit $?")
}
run_a() { f=$1; shift; seeded 1 "$f" "$@" "$(basename "$f")"; }
run_b() { f=$1; shift; seeded 0xdeadbeefcafe "$f" "$@" "$(basename "$f")"; }
. tests/same.sh
same_output "the output depends on the hash key" \
	"--inclusive=yes --tree=both --threshold=100 --context=3" \
	"--format=json --inclusive=yes" "--format=tsv --tree=both" \
	"--format=dot --threshold=100" "--format=callgrind" "--format=markdown --tree=both" \
	"--format=folded" "--format=flamegraph" \
	"--annotate=asm --disasm=no --auto=no --threshold=100" \
	"--mod-funcname=s/^main$/MAIN/ --inclusive=yes --tree=both --threshold=100"
# --diff of a profile with itself: the diff's own indexes
run_a() { f=$1; shift; seeded 1 "$f" --diff "$@" "$(basename "$f")" "$(basename "$f")"; }
run_b() { f=$1; shift; seeded 7 "$f" --diff "$@" "$(basename "$f")" "$(basename "$f")"; }
same_output "the --diff output depends on the hash key" "--threshold=100" "--format=callgrind" \
	"--format=markdown"
echo "$name: $pass passed, $fail failed"
[ $fail = 0 ]
