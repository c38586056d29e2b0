# An object named "@loop" (ob=@loop): objdump would read an argument
# "@FILE" as a response file, even after "--", and take its words as
# options; it is given as "./@loop".  OBJDUMP is a script that writes its
# arguments, one a line, then runs objdump: the symbols (-t), then the
# code of hash (-d, its addresses).
d=$(mktemp -d) && cp asm/loop "$d/@loop" && cp asm/loop.c asm/mix.h "$d" &&
printf '#!/bin/sh\nfor a in "$@"; do echo "[$a]"; done >>"%s/argv"; echo >>"%s/argv"\nexec objdump "$@"\n' "$d" "$d" >"$d/od" && chmod +x "$d/od" &&
sed 's|^ob=(5) ./loop|ob=(5) @loop|' asm/callgrind.out.loop >"$d/cg" &&
cd "$d" && OBJDUMP="$d/od" annogrind --annotate=asm --auto=no --top=1 --show-percs=no cg >out; echo "exit $?"
grep -c " 0x[0-9a-f]*:  " out
cat argv
cd / && rm -rf "$d"
