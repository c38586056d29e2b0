# gzip on standard input redirected from a file (peeked at, then read
# through zlib): totals 110 22 as for a.cg.
annogrind --auto=no --show-percs=no - < ci/a.cg.gz
