# objdump runs a few times per function, not once per address: hash of
# ./loop (its symbol, 0x11f0-0x121e) and 40 addresses past it, 4 KB apart
# (0x2000 to 0x29000, outside any symbol, 40 Ir each), go to one run of
# objdump -d for all the ranges (they are closer than 1 MiB), besides the
# one of objdump -t for the symbols: 2 runs (42 before, one a range).
# OBJDUMP is a script that counts its runs, then runs objdump.  The 40
# addresses have no instruction there: listed by address, 1,600 Ir.
d=$(mktemp -d) && cp asm/loop asm/loop.c asm/mix.h "$d" &&
printf '#!/bin/sh\necho "$1" >>"%s/runs"\nexec objdump "$@"\n' "$d" >"$d/od" && chmod +x "$d/od" &&
{ printf 'positions: instr line\nevents: Ir\nob=./loop\nfl=loop.c\nfn=hash\n0x11f0 27 10\n'
  i=0; while [ $i -lt 40 ]; do printf '0x%x 27 40\n' $((0x2000 + i * 0x1000)); i=$((i + 1)); done
} >"$d/cg" &&
cd "$d" && OBJDUMP="$d/od" annogrind --annotate=asm --auto=no --show-percs=no cg >out; echo "exit $?"
sort runs | uniq -c
grep -c '^ *40  <cost at 0x[0-9a-f]*000, where no instruction' out
grep -e '^  0x11f0' -e 'instructions,' -e '^ *10  0x11f0:' out
cd / && rm -rf "$d"
