# --diff of two runs of testdata/moved's x (1,000 and 3,000 values), made
# on another machine: the comparison's sources are found by their
# trailing parts too, in the text report, the Markdown summary (a line
# "-- read from" in each block), the HTML page (each file's "path") and
# the machine code (the source lines between the instructions).
cd moved && touch -d '2026-01-01 00:00:00' work/x.c work/util.h x && touch -d '2026-01-02 00:00:00' x.cg x3.cg &&
annogrind --diff x.cg x3.cg | sed -n '/annotated source/,$p'
annogrind --diff --format=markdown x.cg x3.cg | grep -n -A1 'read from'
annogrind --diff --format=html x.cg x3.cg | grep -o '"path":"[^"]*"'
annogrind --annotate=asm --auto=no --top=1 --context=0 x.cg | grep -F 'work/x.c:13:'
