annogrind --auto=no --threshold=100 tree/calls0.cg
