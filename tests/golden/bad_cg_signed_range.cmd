# Cachegrind's counts are signed 64-bit: -2^63 and 2^63-1 are read (their sum is -1),
# 2^63 on line 7 is not; then 2^63-1 + 1 on line 6 of sumover.cgout does not fit.
cd cachegrind && annogrind bigneg.cgout; annogrind sumover.cgout
