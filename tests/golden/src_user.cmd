# A source file named on the command line with --auto=no: only it is annotated
# ("User-annotated"); events annotated: sq.h's 18 + 72 = 90 of 700 = 12.86%.
cd source && touch -d '2026-01-01 00:00:00' shapes.c sq.h 'php:internal' 'C:\src\app.c' 'my prog.c' && touch -d '2026-01-02 00:00:00' *.cg callgrind.out.shapes &&
annogrind --auto=no callgrind.out.shapes ./sq.h
