annogrind --summary=line flame/prog.cg
