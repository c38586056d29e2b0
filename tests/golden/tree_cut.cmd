# An inclusive cost above the total is cut to it, with a warning
# (arithmetic in tree/cut.cg).
annogrind --inclusive=yes --auto=no tree/cut.cg
