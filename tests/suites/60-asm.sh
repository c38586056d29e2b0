# --annotate=asm on programs built and profiled here: testdata/asm/loop.c
# compiled -O2 -g as a fixed-address executable and as a PIE, each run under
# valgrind --tool=callgrind --dump-instr=yes --collect-jumps=yes (the PIE
# run also calls libc's random()); tests/asm-check.py checks the
# per-instruction costs, the loop's jump counts and the addresses against
# the profile's text, nm and objdump.  Skipped (and counted so) without
# valgrind, binutils (objdump, nm) or python3.
set -u
CC=${CC:-cc}
sh tests/deps.sh need asm valgrind binutils python3 || exit 0
${MAKE:-make} -s annogrind >/dev/null || { echo "asm: 0 passed, 1 failed (build)"; exit 1; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
src=$PWD/testdata/asm/loop.c
if ! "$CC" -O2 -g -fno-pie -no-pie -o "$tmp/loop-nopie" "$src" ||
   ! "$CC" -O2 -g -fpie -pie -o "$tmp/loop-pie" "$src"; then
	echo "asm: 0 passed, 1 failed (cannot build $src)"
	exit 1
fi
vg="valgrind -q --tool=callgrind --dump-instr=yes --collect-jumps=yes"
if ! (cd "$tmp" && $vg --callgrind-out-file=cg.nopie ./loop-nopie >/dev/null &&
      $vg --callgrind-out-file=cg.pie ./loop-pie random >/dev/null); then
	echo "asm: 0 passed, 1 failed (valgrind)"
	exit 1
fi
python3 tests/asm-check.py "$PWD/annogrind" "$tmp" "$PWD/doc/annogrind-json.schema.json"
