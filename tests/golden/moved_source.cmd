# A profile made on another machine names its sources by the build's
# absolute path (testdata/moved: /home/ci/build/work/x.c and util.h);
# here they are under work/.  Each is found by its longest trailing part
# (work/x.c, not x.c), and its header says which file was read for which
# name.  The modification times are set so the sources are older than the
# profiles (no warning block).  Exit 0.
cd moved && touch -d '2026-01-01 00:00:00' work/x.c work/util.h other/x.c x && touch -d '2026-01-02 00:00:00' x.cg x3.cg &&
annogrind x.cg
