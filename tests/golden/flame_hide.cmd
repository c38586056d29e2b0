# --hide=malloc: malloc leaves the graph and its 50 Ir go to its callers in
# proportion to their calls: main 20/50 * 50 = 20 (self 10 + 20 = 30),
# parse 30/50 * 50 = 30 (60 + 30 = 90).  Total unchanged, 185; main
# inclusive 30 + 150 = 180, parse 90 + 60 = 150; the 20 of it inlined from
# vec.h are a row of their own, vec.h:parse, as in the report (parse.c:parse
# self 70 of the 90: malloc's 30 went to the function, not the piece).
annogrind --hide=malloc --inclusive=yes --tree=calling --auto=no flame/prog.cg
echo --
# --hide-object='/lib/libc*' hides malloc (as above) and memcpy (its 15 to
# lex: 45 + 15 = 60).
annogrind --hide-object='/lib/libc*' --format=folded --threshold=100 flame/prog.cg
echo --
# --focus=main --hide=parse: under main everything but _dl_start (180);
# parse's 60 go to main (10 + 60 = 70) and its calls become main's:
# main -> lex 3x 60, main -> malloc 2x 20 + 3x 30 = 5x 50.
annogrind --focus=main --hide=parse --inclusive=yes --tree=calling --auto=no flame/prog.cg
