# --top takes a positive number (exit 2).
annogrind --top=0 ci/a.cg
