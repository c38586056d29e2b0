annogrind --auto=no --threshold=100 oraclebug/spaces.cg
