# --separate-threads=yes output found from its 0-byte base name and summed.
# summary: lines of the three thread files: 132,196 + 1,511,128 + 441,344
# = 2,084,668 Ir.  produce_item runs in thread 2 only (1,126,000).
cd ci/threads && annogrind --auto=no --threshold=90 callgrind.out.prodcons_septhreads
