# --jobs takes 1 to 64 threads (exit 2).
annogrind --jobs=65 ci/a.cg
