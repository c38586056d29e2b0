# JSON of a.cg + b.cg summed (numbers in ci_multi_sum).  Inclusive costs by
# hand: leaf 80 10 (self only); work 110+80 = 190 36; extra 15 3;
# main 15+190+15 = 220 42.  Calls: work 2+1 = 3, leaf 4+3 = 7, extra 1,
# main 0.  Edges: main>work 3 calls costing 100+90 = 190 36, work>leaf 7
# calls costing 30+50 = 80 10, main>extra 1 call costing 15 3.  Functions
# in the table's order (work, leaf, extra, main); no threshold cut.
annogrind --format=json ci/a.cg ci/b.cg
