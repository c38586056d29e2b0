# Written back: in Cachegrind's format (no Callgrind file holds a negative count), plain
# names, summary 700 -18 at the end.  a.c's lines (3: 500 20, 4: -200 -5, 8: -100 7) are
# spread over main and helper: main takes every line and gives helper's -100 7 back on
# line 3 (500 + 100 = 600, 20 - 7 = 13), helper takes -100 7 on line 3; main's sum is
# 600 - 200 - 100 = 300, 13 - 5 + 7 = 15, as read.  Read back, the same table.
cd cachegrind && annogrind --format=callgrind diff.cgout &&
annogrind --format=callgrind diff.cgout | annogrind --auto=no -
