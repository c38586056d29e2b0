# A profile may come after a source file; the sum does not depend on the
# order of the profiles (same numbers as ci_multi_sum, files listed b, a).
annogrind --auto=no ci/b.cg ci/prog.c ci/a.cg
