# --summary=file: libc.c 50 + 15 = 65, lex.c 45, parse.c 40, vec.h 20 (the
# code inlined into parse), main.c 10, rtld.c 5; sum 185, the total.
annogrind --summary=file --auto=no --threshold=50 flame/prog.cg
