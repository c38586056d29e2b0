# --separate-callers names (flame/sepcallers.cg, a Callgrind profile: its
# numbers are worked in tree/sepcallers.cg): the names carry the callers,
# so every function has one caller and every stack is exact; frames drop
# the caller context (fact'fact'main is the frame fact).  main 5,
# main;fact 10 (fact'main), main;fact;fact 10 (fact'fact'main),
# main;fact;fact;fact 20 (fact'fact'fact: its call to itself is recursive
# and not followed, so its own 20 stay here), leaf'fact'fact's 15 split by
# the calls made to it: 10 from fact'fact'fact, 5 from fact'fact'main;
# leaf'fact'main 5.  Sum 65.
annogrind --format=folded --threshold=100 flame/sepcallers.cg
# Without a Callgrind creator: line (tree/sepcallers.cg) a quote is part of
# the name, and frames keep it.
echo --
annogrind --format=folded --threshold=100 tree/sepcallers.cg
