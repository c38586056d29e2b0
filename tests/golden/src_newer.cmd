# Only sq.h is newer than the profile: its listing starts with the warning block.
cd source && touch -d '2026-01-01 00:00:00' shapes.c sq.h 'php:internal' 'C:\src\app.c' 'my prog.c' && touch -d '2026-01-02 00:00:00' *.cg callgrind.out.shapes && touch -d '2026-01-03 00:00:00' sq.h &&
annogrind --context=1 callgrind.out.shapes
