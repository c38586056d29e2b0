# --context=0: every costly line is its own range, with a marker before and after
# it, as callgrind_annotate prints them (line l gives the range l..l).
cd source && touch -d '2026-01-01 00:00:00' shapes.c sq.h 'php:internal' 'C:\src\app.c' 'my prog.c' && touch -d '2026-01-02 00:00:00' *.cg callgrind.out.shapes &&
annogrind --context=0 --auto=no callgrind.out.shapes ./sq.h
