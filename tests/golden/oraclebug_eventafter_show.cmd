annogrind --auto=no --threshold=100 --show=Sum,Ir --sort=Sum oraclebug/eventafter.cg
