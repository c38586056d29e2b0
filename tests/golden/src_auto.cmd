# Default auto-annotation of a real profile (testdata/source/shapes.c, built and
# profiled as its first lines say).  Sources older than the profile: no warning.
# By hand from callgrind.out.shapes:
#   line 62 self: 2 + 18 + 30 + 20 = 70; its calls: tri 1x (6) + 9x (243) = 10x 249,
#   squares 10x 339, listed by main's total calls to each: squares 339 > tri 249.
#   line 61: 1 + 30 = 31; main = 3 + 1 + 31 + 70 + 3 + 4 = 112.
#   files by cost: ./shapes.c 112 + 249 + 249 = 610 before ./sq.h 18 + 72 = 90.
#   events annotated: 610 + 90 = 700 = the summary, 100%.
#   ranges (context 8): tri's lines 14-18 -> 6..26, squares' 37-41 -> 29..49,
#   main's 59-64 -> 51..72 (ends at line 64, the end of the file: no marker).
cd source && touch -d '2026-01-01 00:00:00' shapes.c sq.h 'php:internal' 'C:\src\app.c' 'my prog.c' && touch -d '2026-01-02 00:00:00' *.cg callgrind.out.shapes &&
annogrind callgrind.out.shapes
