# The sources of testdata/moved found in -I folders by their file names
# (x.c, util.h): "read from DIR/ + PART".  With -I moved/work -I
# moved/other both folders hold an x.c, with other text: the first is
# read and the header says the other ends the same way.  The same
# folder given twice (same text) is no ambiguity.
cd moved && touch -d '2026-01-01 00:00:00' work/x.c work/util.h other/x.c && touch -d '2026-01-02 00:00:00' x.cg && cd .. &&
annogrind -I moved/work -I moved/other moved/x.cg | grep -A1 'annotated source'
annogrind -I moved/work -I moved/work/ moved/x.cg | grep -A1 'annotated source'
