# The same diff sorted by the change of inclusive cost.  Inclusive changes
# (old -> new, from both --inclusive=yes function tables):
#   swap        505,274 -> absent: -505,274
#   partition   1,642,186 -> 1,493,576: -148,610
#   quicksort   1,762,573 -> 1,613,963: -148,610; 148,610 / 1,762,573 = 8.4314% (-8.43%)
#   quicksort'2 1,652,706 -> 1,513,756: -138,950; 138,950 / 1,652,706 = 8.4074% (-8.41%)
#   in_order    absent -> 87,978
#   then five functions at -16,281 (main and the startup code above it),
#   and printf's helpers: 354 + 354 + 124 + 112 + 34 + 26 + 23 + 18 + 12 + 3 + 3.
# Sum of the sizes: 1,111,890.  Threshold 90%, shown before each row: 0%,
# 505,274 -> 45.44%, 653,884 -> 58.81%, 802,494 -> 72.17%, 941,444 -> 84.67%:
# five rows; then 1,029,422 -> 92.58% >= 90 stops.  partition and quicksort
# tie at 148,610 and go by name.
cd diff && annogrind --diff --inclusive=yes --threshold=90 old/callgrind.out.old new/callgrind.out.new
