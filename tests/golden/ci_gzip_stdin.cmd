# gzip on standard input (a pipe), as for ci_gzip: total 110 22.
cat ci/a.cg.gz | annogrind --auto=no -
