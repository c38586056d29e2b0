# an empty file is not a profile: error, exit 3, nothing on stdout
annogrind bad/empty.cg
