# Recursion through --separate-callers names (f'g'h); arithmetic in
# tree/sepcallers.cg.
annogrind --inclusive=yes --tree=both --threshold=100 --auto=no tree/sepcallers.cg
