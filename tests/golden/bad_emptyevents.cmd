# "events:" naming no event: error at that line
annogrind bad/emptyevents.cg
