# --annotate=asm cuts names as the other reports do (annogrind(1), Limits):
# with ANNOGRIND_NAME_BUDGET=0 the budget is spent from the start, so a
# name over 256 bytes written whole once is then cut to its first 64
# bytes and "…[name cut: 300 bytes, see first row]".  hash of asm/loop is
# renamed to "hash_" and 295 x's (300 bytes): whole on its first table
# row (loop.c:hash), cut on the second (mix.h:hash, the same name), in
# the heading "Machine code: ...", in the rows of its pieces and on the
# call line under main's "call 11f0 <hash>" (objdump's own symbol, hash,
# is not the profile's and stays as it is).
L=$(printf 'hash_%0295d' 0 | tr 0 x) && d=$(mktemp -d) && cp asm/loop asm/loop.c asm/mix.h "$d" &&
sed "s|^cfn=(538) hash\$|cfn=(538) $L|" asm/callgrind.out.loop >"$d/cg" &&
cd "$d" && ANNOGRIND_NAME_BUDGET=0 annogrind --annotate=asm --auto=no --top=3 --show-percs=no cg; echo "exit $?"
cd / && rm -rf "$d"
