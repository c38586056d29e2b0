# --hide=H (view/hide-rec.cg): H's self 5 goes to its one caller, A'2
# (10 + 5 = 15), and its call to B'2 (1x, 10) becomes A'2's.  A'2 already
# calls B'2 (2x), recursively: the hiding's call is added to it, one call
# of 3x (shown without cost, as recursive calls are), not a second row.
# Total 56 = 1 + 15 + 40, the profile's.
annogrind --inclusive=yes --tree=calling --hide=H view/hide-rec.cg 2>&1 | sed -n '/PROGRAM TOTALS/,/could not be found/p'
annogrind --hide=H view/hide-rec.cg 2>&1 | sed -n '/PROGRAM TOTALS/p;/t\.c:/p'
