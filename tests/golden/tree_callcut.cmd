# Call lines in trees are cut to the program total like inclusive costs
# (arithmetic in tree/callcut.cg): 30 (100.0%), not 400 (1333.3%).
annogrind --tree=both --auto=no tree/callcut.cg
