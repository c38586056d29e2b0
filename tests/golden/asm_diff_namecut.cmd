# --diff --annotate=asm cuts names as the other reports do (annogrind(1),
# Limits): with ANNOGRIND_NAME_BUDGET=0 a name over 256 bytes written whole
# once is then cut to its first 64 bytes and "…[name cut: 300 bytes, see
# first row]".  main of asm/diff's cg.O2 and cg.big renamed to "main_" and
# 295 x's: whole in the table (text, Markdown) or "functions" (JSON), cut in
# the machine code's heading, block summary or "machine_code" entry.
L=$(printf 'main_%0295d' 0 | tr 0 x) && d=$(mktemp -d) && cp asm/diff/sum-O2 asm/diff/sum.c "$d" &&
for p in cg.O2 cg.big; do sed "s|^fn=(536) main\$|fn=(536) $L|" asm/diff/$p >"$d/$p"; done &&
cd "$d" && touch -d '2026-01-01 00:00:00' sum-O2 sum.c && touch -d '2026-01-02 00:00:00' cg.O2 cg.big &&
ANNOGRIND_NAME_BUDGET=0 annogrind --diff --annotate=asm --auto=no --top=1 --context=0 --show-percs=no cg.O2 cg.big | grep 'main_\|total of the'
ANNOGRIND_NAME_BUDGET=0 annogrind --diff --annotate=asm --format=json --auto=no --top=1 cg.O2 cg.big | grep '"name"'
ANNOGRIND_NAME_BUDGET=0 annogrind --diff --annotate=asm --format=markdown --auto=no --top=1 cg.O2 cg.big | grep 'main_'
echo "exit $?"; cd / && rm -rf "$d"
