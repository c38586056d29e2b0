# the inclusive cost of c's calls to d stops fitting at line 13, the
# number of a's calls to b at line 17: the first is reported
annogrind --inclusive=yes bad/callcost.cg
