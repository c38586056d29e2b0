# Two cycles of equal cost: numbering, ties and the "<cycle N>" entries.
# The arithmetic is in tree/cycles.cg.
annogrind --inclusive=yes --tree=both --threshold=100 --auto=no tree/cycles.cg
