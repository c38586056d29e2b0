# Names that come to one file by their trailing parts (testdata/moved/
# twins.cg): /p/x/util.c and /p/y/util.c are both found only as
# twins/util.c, which cannot be both: neither is read, and each is listed
# with why.  /home/w/proj/write.c is found as proj/write.c; glibc's
# ./io/../sysdeps/write.c has no such file here, and with -I proj it comes
# to proj/write.c by "write.c" alone, a shorter part than the other name's
# (proj/write.c): the other keeps the file, and glibc's is listed.  The
# sources are made older than the profile (no warning block).
cd moved/twins && touch -d '2026-01-01 00:00:00' util.c proj/write.c && touch -d '2026-01-02 00:00:00' ../twins.cg &&
annogrind ../twins.cg | sed -n '/Auto-annotated/,$p'
annogrind -I proj ../twins.cg | sed -n '/could not/,$p'
