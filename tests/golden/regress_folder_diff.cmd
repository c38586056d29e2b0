# A baseline read in its work folder names shapes.cpp; the current
# profile, read from another folder, names /home/ci/work/shapes.cpp.
# --diff pairs the two files (the longer name ends with the shorter after
# a '/', and each side lacks the other's): shapes.cpp:main is one row,
# self 100 -> 110 (+10), inclusive 100+400 = 500 -> 110+420 = 530 (+30,
# +6.00%), so 'Ir:incl:shapes.cpp:main=+5%' is broken; area 400 -> 420 is
# +5.00%, not more than 5%: held.  util.c has two partners
# (/home/ci/work/a/util.c and .../b/util.c), so neither is paired:
# helper gone (-200) and two new helpers (+100 each).  Totals 700 -> 730.
# Exit 1.
annogrind --diff --auto=no --limit='Ir:incl:shapes.cpp:main=+5%' \
	--limit='Ir:self:shapes.cpp:area=+5%' regress/folder_old.cg regress/folder_new.cg
