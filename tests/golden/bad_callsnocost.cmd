# calls= on line 5 followed by fn= on line 6 instead of its cost line: error
annogrind bad/callsnocost.cg
