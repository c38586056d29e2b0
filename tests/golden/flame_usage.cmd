# --diff draws with --format=flamegraph, not folded; an empty glob.
annogrind --diff --format=folded diff/hash_old.cg diff/hash_new.cg
annogrind --focus= flame/prog.cg
