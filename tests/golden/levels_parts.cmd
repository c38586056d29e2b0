# Compressed ids across parts (issue 14), worked out in testdata/levels/parts.cg
annogrind --inclusive=yes --tree=both --threshold=100 --auto=no levels/parts.cg
