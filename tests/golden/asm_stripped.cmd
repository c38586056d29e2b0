# A stripped object (no symbol table, no debug file): the addresses with a
# cost are disassembled in runs (0x11f0 to 0x1214 for hash), each up to its
# last instruction, decoded whole; main's costs are in one run too.  The
# source files are not beside the copy: positions without their text.
t=$(mktemp -d) && strip -o "$t/loop" asm/loop && cp asm/callgrind.out.loop "$t" &&
touch -d '2026-01-01 00:00:00' "$t/loop" && touch -d '2026-01-02 00:00:00' "$t/callgrind.out.loop" &&
cd "$t" && annogrind --annotate=asm --auto=no --top=3 --context=2 --show-percs=no callgrind.out.loop; rc=$?; cd / && rm -rf "$t"; exit $rc
