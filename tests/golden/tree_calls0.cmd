annogrind --inclusive=yes --tree=both --threshold=100 --auto=no tree/calls0.cg
