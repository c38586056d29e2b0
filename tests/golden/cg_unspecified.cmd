# After fl=b.c and before fn=work, lines 2 (40) and 5 (2) go to b.c:<unspecified> (42), as
# cg_annotate charges them; after the last fl=a.c, line 8 (1) to a.c:<unspecified>.  Total
# 151: main 100 (66.23%), 42 (27.81%), work 8 (5.30%), 1 (0.66%).  The same lines in a
# Callgrind profile (version: 1): b.c's first two go to the function before, a.c:main
# (100 + 40 + 2 = 142, 94.04%), and a.c's line 8 to b.c:work (8 + 1 = 9, 5.96%).
cd cachegrind && annogrind --auto=no --threshold=100 unspec.cgout && annogrind --auto=no --threshold=100 unspec.cg
