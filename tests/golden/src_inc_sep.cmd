# -I source: run from testdata/, where ./shapes.c and ./sq.h are not; they are found
# as source/./shapes.c and shown as "source/ + ./shapes.c".
(cd source && touch -d '2026-01-01 00:00:00' shapes.c sq.h 'php:internal' 'C:\src\app.c' 'my prog.c' && touch -d '2026-01-02 00:00:00' *.cg callgrind.out.shapes) &&
annogrind -I source --context=1 source/callgrind.out.shapes
