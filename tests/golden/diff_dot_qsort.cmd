# The call graph of a corpus profile (real/qsort_hanoi_default, copied to
# testdata/diff) as DOT with the default threshold of 99: the functions
# whose inclusive Ir is above 1% of the total 2,167,786, i.e. above
# 21,677.86: the 17 functions of the --inclusive=yes table down to
# do_lookup_x (30,138, 1.39%); __GI___tunables_init (21,391, 0.99%) is out.
# Edges join shown functions only, e.g. partition -> swap 29,722x 505,274
# (505,274 / 2,167,786 = 23.31%); the recursive calls quicksort'2 ->
# quicksort'2 (5,348x) and hanoi'2 -> hanoi'2 (8,188x) are dashed, count only.
# Second command: with --threshold=90, functions above 10% (216,778.6):
# the 9 from ???:0x000000000001ab70 down to swap (505,274); hanoi (167,907)
# is out.  The graph label says what the cut hid: 17 of the 247 functions
# are shown, down to do_lookup_x (30,138 Ir, 1.39%); 230 are hidden.
cd diff
annogrind --format=dot callgrind.out.qsort_hanoi_default
annogrind --format=dot --threshold=90 --sort=Ir callgrind.out.qsort_hanoi_default | grep -c 'label="[^"]*incl'
