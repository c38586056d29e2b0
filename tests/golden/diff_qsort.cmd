# A diff of two real profiles (testdata/diff/README): the new build swaps
# inline (swap() is gone) and checks the sorted array with a new function
# in_order() in an extra loop of main.  From the two function tables
# (annogrind --auto=no --threshold=100, and with --inclusive=yes):
#   totals     old 2,169,880, new 2,153,599: -16,281; 16,281 / 2,169,880 = 0.750% -> (-0.75%)
#   swap       self 505,274 -> absent: -505,274 (-100.00%); incl 505,274 -> absent: the same
#   partition  self 1,136,912 -> 1,493,576: +356,664; 356,664 / 1,136,912 = 31.371% (+31.37%)
#              incl 1,642,186 -> 1,493,576: -148,610; 148,610 / 1,642,186 = 9.0495% (-9.05%)
#   in_order   absent -> self and incl 87,978: +87,978 (new)
#   main       self 108,063 -> 152,060: +43,997; 43,997 / 108,063 = 40.714% (+40.71%)
#              incl 2,044,055 -> 2,027,774: -16,281; 16,281 / 2,044,055 = 0.7965% (-0.80%)
# Sorted by the size of the self change.  Threshold 99% of the sum of the
# sizes of the self changes of every function (the four above, then printf's
# helpers with +83, +90, +86, +34, +26, +5, +18, +12 and two ??? addresses
# -3/+3: 993,913 + 354 + 6 = 994,273).  Shown before each row: 0%,
# 505,274 / 994,273 = 50.82%, 861,938 -> 86.69%, 949,916 -> 95.54%: four rows;
# then 993,913 -> 99.96% >= 99 stops.
cd diff && annogrind --diff old/callgrind.out.old new/callgrind.out.new
