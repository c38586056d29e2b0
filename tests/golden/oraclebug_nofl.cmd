annogrind --auto=no --threshold=100 oraclebug/nofl.cg
