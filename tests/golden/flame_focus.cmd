# --focus=parse on flame/prog.cg (numbers in the file; the 20 Ir inlined
# from vec.h count in parse: self 60; the table and trees show them as
# the report does, vec.h:parse 20 and parse.c:parse 40, the stacks not).  Share of each function under
# parse: parse 1, lex 60/60 = 1, memcpy 1, malloc (0 * 20 + 1 * 30) / 50
# = 0.6, main and _dl_start 0 (dropped).  Kept: parse 60, lex 45, memcpy
# 15, malloc 50 * 0.6 = 30; total 150.  Calls from parse (share 1) keep
# their cost: parse -> lex 3x 60, parse -> malloc 3x 30, lex -> memcpy 5x
# 15.  Inclusive: parse 60 + 60 + 30 = 150, lex 60, malloc 30, memcpy 15.
annogrind --focus=parse --inclusive=yes --tree=both --auto=no flame/prog.cg
echo --
annogrind --focus=parse --format=folded --threshold=100 flame/prog.cg
