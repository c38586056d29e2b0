# A FILE part in a --limit pattern matches a file whose path ends with it
# at a '/': shapes.cpp:area picks /home/ci/work/shapes.cpp:area (420 of
# 110+420+100+100 = 730 Ir, 57.53% > 50%: broken); hapes.cpp:area picks
# nothing (not at a '/'); work* has no FILE part, so only names count and
# it picks nothing either (no function of /home/ci/work/... by its file).
# Exit 1.
annogrind --auto=no --limit='Ir:self:shapes.cpp:area=50%' \
	--limit='Ir:self:hapes.cpp:area=1' --limit='Ir:self:work*=1' regress/folder_new.cg
