# main 2^63 + other 2^63 = 2^64 Ir: each function fits, the program
# total does not: error at line 6
annogrind bad/totaloverflow.cg
