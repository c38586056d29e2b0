annogrind --summary=function flame/prog.cg
