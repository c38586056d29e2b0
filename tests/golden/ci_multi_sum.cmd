# Two profiles summed; a third argument that is not a profile (prog.c) stays
# a source file to annotate.  By hand (Ir Dr):
#   a.cg: main 10 2, work 70 16, leaf 30 4            total 110 22
#   b.cg: main 5 1, work 40 10, leaf 50 6, extra 15 3 total 110 20
#   sum:  total 220 42; work 110 26 (110/220 = 50.00%, 26/42 = 61.90%),
#         leaf 80 10 (36.36%, 23.81%), main 15 3 and extra 15 3 (6.82%, 7.14%)
annogrind --auto=no ci/a.cg ci/b.cg ci/prog.c
