# Markdown shows functions whole: prog.cpp:main is one row, "(+2
# inlined)", self 150 + 330 + 210 = 690 (62.16% of 1,110), inclusive
# 1,110; in <details> its pieces under it with their self costs (its own
# code 150, stl_tree.h:main 330, vector.tcc:main 210).  The comparison
# too: main 650 -> 690 self (+40, +6.15%), 1,050 -> 1,110 inclusive (+60,
# +5.71%), and the broken limit names main with its pieces.  Exit 1.
annogrind --format=markdown regress/inlined_new.cg
annogrind --diff --format=markdown --auto=no --limit='Ir:incl:main=+5%' regress/inlined_old.cg regress/inlined_new.cg
