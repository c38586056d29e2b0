# 18446744073709551615 = 2^64-1 fits exactly: read as it is and printed
# as 18,446,744,073,709,551,615 (100.0%)
annogrind --auto=no bad/maxcount.cg
