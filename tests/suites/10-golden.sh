# Golden CLI tests: tests/golden/*.cmd against ./annogrind.
exec sh tests/golden.sh
