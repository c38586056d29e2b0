# Trees of recursive functions (tree/mutual.cg: a and b call each other,
# through c): calls inside the cycle have no cost of their own, shown "."
# as in the text trees; --top=2 keeps a (self 30) and b (self 20).
annogrind --format=markdown --top=2 tree/mutual.cg
