# The diff as JSON (schema doc/annogrind-diff.schema.json), cut to the two
# largest changes with --top=2, without rename rules: walk'2 of the old build
# (self 200 Ir 40 Dr, gone: change 200) and of the new one (self 120 Ir
# 24 Dr, incl 120 + walk'3's 50 = 170 Ir, 24 + 10 = 34 Dr, new: change 120).
annogrind --diff --format=json --top=2 diff/hash_old.cg diff/hash_new.cg
