# --mod-funcname outside --diff renames before the report: the --separate-recs
# levels of the corpus profile qsort_hanoi_default merge into one recursive
# function each, and inclusive costs are computed on the merged graph.
#   hanoi      self 29 + hanoi'2 167,878 = 167,907; inclusive: the call
#              from main, 167,907 (not 167,907 + 167,878)
#   quicksort  self 33 + quicksort'2 120,354 = 120,387; inclusive 1,762,573,
#              main's call (before: quicksort 1,762,573, quicksort'2 1,652,706)
#   the recursive calls quicksort -> quicksort (2 + 5,348 = 5,350x) and
#   hanoi -> hanoi (2 + 8,188 = 8,190x) show with "." costs in the tree;
#   quicksort -> partition: 1 + 2,674 = 2,675x, 109,834 + 1,532,352 = 1,642,186
cd diff
annogrind --auto=no --inclusive=yes --mod-funcname="s/'[0-9]+\$//" callgrind.out.qsort_hanoi_default | grep 'qsort_hanoi.c'
annogrind --auto=no --tree=calling --mod-funcname="s/'[0-9]+\$//" callgrind.out.qsort_hanoi_default | grep -A3 '\*  ./qsort_hanoi.c:\(hanoi\|quicksort\)'
