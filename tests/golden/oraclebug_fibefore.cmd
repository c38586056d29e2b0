annogrind --auto=no --threshold=100 oraclebug/fibefore.cg
