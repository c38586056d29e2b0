annogrind --auto=no --threshold=100 oraclebug/eventafter.cg
