# JSON keeps callgrind_annotate's rows and adds each function whole:
# stl_tree.h:main (330) and vector.tcc:main (210) say they were inlined
# into prog.cpp:main (id 0) and have no whole of their own; prog.cpp:main's
# whole is 150 + 330 + 210 = 690 self, 690 + work's 420 = 1,110
# inclusive, pieces [0, 1, 2]; work is whole by itself (pieces [3]).
annogrind --format=json regress/inlined_new.cg
