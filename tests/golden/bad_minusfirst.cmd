# '-3' on the first cost line (line 3): no previous position: error
annogrind bad/minusfirst.cg
