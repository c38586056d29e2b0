# The profile names the file ./shapes.c; "shapes.c" is another name, with no costs.
cd source && touch -d '2026-01-01 00:00:00' shapes.c sq.h 'php:internal' 'C:\src\app.c' 'my prog.c' && touch -d '2026-01-02 00:00:00' *.cg callgrind.out.shapes &&
annogrind --auto=no callgrind.out.shapes shapes.c
