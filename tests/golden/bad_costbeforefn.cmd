# a cost line (line 3) before any fn= line belongs to no function: error
annogrind bad/costbeforefn.cg
