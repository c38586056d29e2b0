# A C++ main with code inlined from two library headers: Callgrind gives
# it as three functions, prog.cpp:main (self 100 + 50 = 150),
# stl_tree.h:main (330) and vector.tcc:main (210), and the default table
# keeps those rows, as callgrind_annotate prints them.  With
# --whole-functions=yes main is one row, 150 + 330 + 210 = 690 of 1,110
# (62.16%), its pieces under it with their self costs, its own code
# first; --inclusive=yes: main is 690 + work's 420 = 1,110 (100.0%).
annogrind --auto=no regress/inlined_new.cg
annogrind --auto=no --whole-functions=yes regress/inlined_new.cg
annogrind --auto=no --whole-functions=yes --inclusive=yes regress/inlined_new.cg
