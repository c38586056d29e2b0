# File names with ':' and spaces are opened as they are (callgrind_annotate cuts
# them at the first ':' and finds none of them).  Order by cost: my prog.c (11),
# C:\src\app.c (7), php:internal (5); D:\www\missing.php is not there.
# events annotated: 11 + 7 + 5 = 23 of 26 = 88.46%.
cd source && touch -d '2026-01-01 00:00:00' shapes.c sq.h 'php:internal' 'C:\src\app.c' 'my prog.c' && touch -d '2026-01-02 00:00:00' *.cg callgrind.out.shapes &&
annogrind names.cg
