# --ignore=parse: each function keeps the share not under parse (1 - the
# shares of flame_focus): main 10, malloc 50 * 0.4 = 20, _dl_start 5;
# parse, lex and memcpy are gone.  main -> malloc 2x 20 stays; total 35,
# main inclusive 10 + 20 = 30.  --ignore-object='*/ld-linux*' drops
# _dl_start too: total 30.
annogrind --ignore=parse --inclusive=yes --auto=no flame/prog.cg
echo --
annogrind --ignore=parse --ignore-object='*/ld-linux*' --format=folded --threshold=100 flame/prog.cg
