# --diff of two profiles that do not exist: both are named.
annogrind --diff nosuch-old.cg nosuch-new.cg
