# A static cycle between outermost names (flame/static.cg, worked there):
# f -> g and g -> f are not recursive (neither is ever re-entered), so the
# stacks follow them but never enter f or g twice: main;f;g has no f
# above it, and g's call to f can only be made on main;g.  Each call's
# part of its callee is shared over the caller's stacks where it can be
# made: f -> g (30 of g's 80) all on main;f, g -> f (20 of f's 120) all on
# main;g.  Stacks: main 10, main;f 100 - 30 = 70, main;f;g 30, main;g
# 50 - 20 = 30, main;g;f 20 (exact); sum 160.
annogrind --format=folded --threshold=100 flame/static.cg
