# --context=3: lines 14-18 -> 11..21, 37-41 -> 34..44, 59-64 -> 56..67 (file ends at 64).
cd source && touch -d '2026-01-01 00:00:00' shapes.c sq.h 'php:internal' 'C:\src\app.c' 'my prog.c' && touch -d '2026-01-02 00:00:00' *.cg callgrind.out.shapes &&
annogrind --context=3 callgrind.out.shapes
