# With --diff a limit on a level applies to the new profile.  Dr: a.cg
# (old) 2 + 16 + 4 = 22, b.cg (new) 1 + 10 + 6 + 3 = 20, so Dr=21 holds
# (the old profile would break it); Ir: b.cg 5 + 40 + 50 + 15 = 110 > 109
# breaks Ir=109 (exit 1).
annogrind --diff --limit=Dr=21 --limit=Ir=109 ci/a.cg ci/b.cg > /dev/null
