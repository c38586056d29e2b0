# 18446744073709551616 = 2^64 is one more than a 64-bit counter holds: error
annogrind bad/bigcount.cg
