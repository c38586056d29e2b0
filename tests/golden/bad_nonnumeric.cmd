# count '2x' (line 4) is not a number: error, never read as 2
annogrind bad/nonnumeric.cg
