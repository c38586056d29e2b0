# A function run whole under the match has no part that leads back to it
# (view/under-back.cg: A, called only by M, calls X, which calls M from
# outside M).  Worked by hand:
#  --focus=M: total 55 = I(M) = 35 + 20; A runs whole under M: its call
#    from M keeps all 15, and its call to X all 5 (X#1).  Before, the part
#    of A -> X that leads to M went down by a fifth a round (3.3, 2.4, ...)
#    and A showed 14, X 4.
#  --ignore=M: total 70 - 55 = 15: main 10 and X#2's 5; main keeps 5 of
#    its call to X (25 less the 20 of X -> M).
annogrind --inclusive=yes --tree=caller --focus=M view/under-back.cg 2>&1 | sed -n '/PROGRAM TOTALS/,/could not be found/p'
annogrind --inclusive=yes --ignore=M view/under-back.cg 2>&1 | sed -n '/PROGRAM TOTALS/p;/u\.c:/p'
