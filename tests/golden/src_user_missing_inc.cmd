cd source && annogrind -I .. callgrind.out.shapes nosuch.c
