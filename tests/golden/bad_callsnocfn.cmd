# calls= (line 4) with no cfn= before it: which function is called is unknown: error
annogrind bad/callsnocfn.cg
