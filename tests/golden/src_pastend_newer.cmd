# The same with the sources newer than the profile: a warning block per file, and
# the cause of lines past the end is the change.
cd source && touch -d '2026-01-01 00:00:00' shapes.c sq.h 'php:internal' 'C:\src\app.c' 'my prog.c' && touch -d '2026-01-02 00:00:00' *.cg callgrind.out.shapes && touch -d '2026-01-03 00:00:00' shapes.c sq.h &&
annogrind pastend.cg
