# Trees of recursive functions (tree/mutual.cg: a and b call each other,
# through c): calls inside the cycle made more than once have no cost of
# their own, shown "." as in the text trees (c -> a, made once, shows 31);
# --top=2 keeps a (self 30) and b (self 20).
annogrind --format=markdown --top=2 tree/mutual.cg
