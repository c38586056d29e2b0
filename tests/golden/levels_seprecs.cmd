# Inclusive costs with recursion levels (issue 14): the numbers are worked out
# by hand in testdata/levels/seprecs.cg.
annogrind --inclusive=yes --tree=both --threshold=100 --auto=no levels/seprecs.cg
