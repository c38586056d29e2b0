# a profile that does not exist: error
annogrind bad/no-such-file.cg
