# "callgrind.out.*" from the shell names the base and each thread file:
# every file is read once (total 2,084,668 Ir, not twice that).
cd ci/threads && annogrind --auto=no --top=1 callgrind.out.*
