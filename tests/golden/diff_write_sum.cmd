# The sum of two profiles written in Callgrind format, then read back.
# tree/direct.cg twice: every number doubles.
#   self: fact 2*40 = 80, leaf 2*20 = 40, main 2*5 = 10; total 2*65 = 130
#   inclusive: main 130, fact 2*60 = 120, leaf 40
#   calls: main -> fact 2*1 = 2x (120), fact -> fact 2*3 = 6x, fact -> leaf 2*4 = 8x (40)
# No totals: line is written (the sum of the self costs is the total), so
# the total stays "(calculated)".
annogrind --format=callgrind tree/direct.cg tree/direct.cg | annogrind --inclusive=yes --tree=both --auto=no -
