# Costs on line 0.  shapes.c has nothing else: no listing, a sentence saying so and
# the line-0 count (40 of 50 = 80%).  sq.h: line 4 (8) listed, line 0 (2, 4.00%)
# after it.  events annotated: 8 of 50 = 16.00%.
cd source && touch -d '2026-01-01 00:00:00' shapes.c sq.h 'php:internal' 'C:\src\app.c' 'my prog.c' && touch -d '2026-01-02 00:00:00' *.cg callgrind.out.shapes &&
annogrind line0.cg
