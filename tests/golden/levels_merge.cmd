# Inclusive costs with recursion levels (issue 14): the numbers are worked out
# by hand in testdata/levels/merge.cg.
annogrind --inclusive=yes --tree=both --threshold=100 --auto=no levels/merge.cg
