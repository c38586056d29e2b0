# Every named source file that cannot be found is named, not only the first.
cd source && annogrind callgrind.out.shapes nosuch.c nosuch2.c
