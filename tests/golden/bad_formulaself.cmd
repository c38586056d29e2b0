# event: Sum = Ir + Sum refers to itself (line 2): error
annogrind bad/formulaself.cg
