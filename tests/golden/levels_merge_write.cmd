# A renamed profile written back: merging is_even'2 into is_even makes a
# name without a level that may nest, so the creator no longer claims
# Callgrind's names and the reader keeps bounds (is_odd 20, its self cost)
# instead of summing calls that nest (is_even 40 + 20 = 60).
annogrind --format=callgrind --mod-funcname="s/'[0-9]+\$//" levels/merge.cg | head -3
annogrind --format=callgrind --mod-funcname="s/'[0-9]+\$//" levels/merge.cg |
	annogrind --inclusive=yes --auto=no - | tail -4
