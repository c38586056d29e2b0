# One function in two objects: a block per object (by object name), each
# totalling its own addresses (3 + 4 = 7, 10 + 20 = 30) against the self
# cost of the function in both (37).
cd asm && annogrind --annotate=asm --auto=no --show-percs=no twoobj.cg
