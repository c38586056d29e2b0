# 3 counts for 2 events (line 4): error, never a silently dropped count
annogrind bad/toomany.cg
