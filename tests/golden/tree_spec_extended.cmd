annogrind --inclusive=yes --tree=both --threshold=100 --auto=no spec/spec_extended.cg
