# DOT: every call of through.cg has an outer end, so no arrow is dashed and
# no cycle box is drawn; recs1.cg (no outer names) has its cycle box, and
# its calls, each made once, their costs (numbers worked out in
# testdata/levels/*.cg).
annogrind --format=dot --threshold=100 levels/through.cg
annogrind --format=dot --threshold=100 levels/recs1.cg
