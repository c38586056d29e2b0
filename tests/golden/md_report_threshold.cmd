# --format=markdown lists the rows of the text table: --threshold=90 stops
# gate/new.cg's self costs (4,000, 2,100, 1,000, 400, 150 of 7,650) once the
# rows shown cover 90%: 4,000 + 2,100 = 79.74% before the third, 7,100 =
# 92.81% after it: three rows, and their trees.  (--top, default 10, caps
# the rows too.)
annogrind --format=markdown --threshold=90 gate/new.cg
