# calls= on the last line (5): its cost line is missing: error
annogrind bad/callseof.cg
