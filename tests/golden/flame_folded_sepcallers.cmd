# --separate-callers names (tree/sepcallers.cg, numbers there): the names
# carry the callers, so every stack is exact, and frames drop the caller
# context (fact'fact'main is the frame fact): main 5, main;fact 10,
# main;fact;fact 10, main;fact;fact;fact 20 (fact'fact'fact: its call to
# itself is recursive, its own cost stays here), leaf'fact'fact 5 + 10
# split by the shares of its two callers (5/15 and 10/15 of 15), leaf'fact'main 5.
annogrind --format=folded --threshold=100 tree/sepcallers.cg
