# --format=dot on C++ names (flame/cxx.cg, numbers there): names longer
# than 40 characters lose their parameter lists, then their template
# arguments, and are wrapped at 30 characters; files longer than 40 keep
# their end; the tooltip has the full name, file and object.  The 10 Ir
# inlined from hashtable.h are drawn inside operator[] (self 50 + 10 = 60),
# not as a box of their own.
annogrind --format=dot --threshold=100 flame/cxx.cg
