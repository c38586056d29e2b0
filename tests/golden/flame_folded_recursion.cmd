# Recursion in folded stacks.  tree/seprecs.cg (Callgrind's --separate-recs
# levels): fib'2 -> fib'2 is recursive, not followed: fib'2's whole self
# cost (40) stays on the stack that enters it, main;fib;fib'2; sum 2 + 10
# + 40 = 52.
annogrind --format=folded --threshold=100 tree/seprecs.cg
# tree/mutual.cg: a, b, c call each other (one cycle, calls between them
# recursive); the stack enters it at a (from main) and goes on to b and c
# along the cycle's calls, each once: main;a 20, main;a;b 20, main;a;b;c
# 20, and c's calls to leaf (2) above c; sum 1 + 60 + 2 = 63.
echo --
annogrind --format=folded --threshold=100 tree/mutual.cg
