# A gzip-compressed profile is read directly: same numbers as a.cg
# (total 110 22; work 70 16, leaf 30 4, main 10 2).
annogrind --auto=no ci/a.cg.gz
