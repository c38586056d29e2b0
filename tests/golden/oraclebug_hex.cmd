annogrind --auto=no --threshold=100 oraclebug/hex.cg
