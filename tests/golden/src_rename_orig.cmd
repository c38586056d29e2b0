# After --mod-filename the sources are read under their original names.  s/^a\.c$/A.c/:
# no A.c exists, a.c's text annotates it (main's 10 on line 3: 47.62% of 21; dup/a.c
# keeps its name).
# s/^dup\/// renames dup/a.c to a.c, a copy of the same bytes: a.c is annotated (line 3:
# 10 + 5 = 15, line 8: 2).  s/^[ab]\.c$/x.c/ puts a.c and b.c, which differ, under x.c:
# not annotated, and said why; dup/a.c (5 + 2 = 7 of 21, 33.33%) is.
cd cachegrind && touch -d '2026-01-01 00:00:00' a.c b.c dup/a.c && touch -d '2026-01-02 00:00:00' copies.cgout &&
annogrind --mod-filename='s/^a\.c$/A.c/' copies.cgout | sed -n '/^-- Auto-annotated source: A.c/,/^-- Auto/p'
annogrind --mod-filename='s/^dup\///' copies.cgout | sed -n '/^-- Auto-annotated source: a.c/,/^-- Auto/p'
annogrind --mod-filename='s/^[ab]\.c$/x.c/' --mod-filename='s/^dup\///' copies.cgout | sed -n '/could not/,$p'
# s/^gone\/// renames gone/a.c, which does not exist, to a.c: a.c's text cannot be checked
# against it, so a.c is not annotated either.
annogrind --mod-filename='s/^gone\///' missing.cgout | sed -n '/could not/,$p'
