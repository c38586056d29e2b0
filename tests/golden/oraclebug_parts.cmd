annogrind --auto=no --threshold=100 oraclebug/parts.cg
