# --diff has no --format=pprof: pprof -diff_base compares two profiles.
annogrind --diff --format=pprof diff/hash_old.cg diff/hash_new.cg
