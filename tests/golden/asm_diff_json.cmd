# --diff --annotate=asm --format=json on asm/diff's sum.c (committed
# binaries, objdump): "machine_code" holds, per function of the table, each
# side's object and symbol, the pairing and the instructions with a cost on
# either side, as the text report pairs them (asm_diff).  One build at two
# sizes (cg.O2, cg.big: paired by address), then two builds (-O1 and -O2:
# paired by instruction text; null where a side has no such instruction),
# with --disasm=yes.  By default JSON runs no objdump: no text, and the
# one object still paired by address.
cd asm/diff && touch -d '2026-01-01 00:00:00' sum-O1 sum-O2 sum.c && touch -d '2026-01-02 00:00:00' cg.O1 cg.O2 cg.big &&
annogrind --diff --annotate=asm --format=json --disasm=yes --auto=no --top=1 cg.O2 cg.big | sed -n '/"machine_code"/,$p'
annogrind --diff --annotate=asm --format=json --disasm=yes --auto=no --top=1 cg.O1 cg.O2 | sed -n '/"machine_code"/,$p'
annogrind --diff --annotate=asm --format=json --auto=no --top=1 cg.O2 cg.big | sed -n '/"machine_code"/,/"pairing"/p'
