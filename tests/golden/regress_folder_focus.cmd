# --focus matches names as --limit does: shapes.cpp:area picks
# /home/ci/work/shapes.cpp:area, and the graph keeps only it (420 Ir, the
# view's own total).
annogrind --format=dot --focus=shapes.cpp:area regress/folder_new.cg
