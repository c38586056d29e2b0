# A named source file that cannot be found is refused before the profile is read.
cd source && annogrind callgrind.out.shapes nosuch.c
