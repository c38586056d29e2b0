# User-named files come first, in command-line order (named twice: once), then the
# auto-chosen files by cost; a file both named and chosen is shown once, as User.
cd source && touch -d '2026-01-01 00:00:00' shapes.c sq.h 'php:internal' 'C:\src\app.c' 'my prog.c' && touch -d '2026-01-02 00:00:00' *.cg callgrind.out.shapes &&
annogrind callgrind.out.shapes ./sq.h ./shapes.c ./sq.h
