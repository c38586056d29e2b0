# main: (2^64-1) + 1 = 2^64 Ir on line 5: error, never a wrapped-around 0
annogrind bad/sumoverflow.cg
