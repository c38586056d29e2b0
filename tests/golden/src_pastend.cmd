# Costs past the end of the files (shapes.c has 64 lines, sq.h 5) and on line 0.
# Total (calculated) 10 + 5 + 7 + 90 + 3 + 1 = 116.  ./sq.h (101) before ./shapes.c (15).
# sq.h: lines 4, 9, 12 merge into 1..20; the file ends after line 5, so 9 (3) and
#   12 (1) are "bogus" (the .h cause), line 0 has 7 (6.03%).
# shapes.c: 14 -> 6..22, then 100 -> 92..108, wholly past the end: no "-- line 92"
#   marker (callgrind_annotate prints one, marking no line); 100 (5) is bogus.
# events annotated: 90 + 10 = 100 of 116 = 86.21% (bogus and line-0 costs are not).
cd source && touch -d '2026-01-01 00:00:00' shapes.c sq.h 'php:internal' 'C:\src\app.c' 'my prog.c' && touch -d '2026-01-02 00:00:00' *.cg callgrind.out.shapes &&
annogrind pastend.cg
