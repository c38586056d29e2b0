# a directory given as the profile: error, no line
annogrind bad
