# cost data (line 6) with no events: line before it: error
annogrind bad/noevents.cg
