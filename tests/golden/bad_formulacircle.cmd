# A = B + Ir, B = C, C = 2 B: A depends on the circle B -> C -> B; the
# message names B (on the circle) at its line, 3
annogrind --auto=no bad/formulacircle.cg
