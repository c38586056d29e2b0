# Calls under a line.  Line 61 calls tri 5x (100).  Line 62 calls tri 1x (10) and
# squares 1x (30): listed by main's total calls to each (tri 100 + 10 = 110 >
# squares 30), as callgrind_annotate does, not by this line's costs.  main'2 also
# calls squares from line 62 (2x, 20): a line shows the calls of the first function
# that calls from it (main), so that call is not listed.
# Self costs: main 1 + 2 = 3 and main'2 1 (both on lines 61-62), tri 110, squares 50;
# total 164; events annotated 110 + 50 + 1 + 3 = 164 = 100%.
cd source && touch -d '2026-01-01 00:00:00' shapes.c sq.h 'php:internal' 'C:\src\app.c' 'my prog.c' && touch -d '2026-01-02 00:00:00' *.cg callgrind.out.shapes &&
annogrind calls.cg
