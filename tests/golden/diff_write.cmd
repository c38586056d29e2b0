# A diff written as a Callgrind profile: each event E becomes E.old and
# E.new (counts cannot be negative), and reading it back shows both
# columns.  From testdata/diff/hash_*.cg with the rules of diff_modname:
#   walk    self Ir.old 100 + 200 = 300, Ir.new 80 + 120 + 50 = 250;
#           Dr.old 20 + 40 = 60, Dr.new 16 + 24 + 10 = 50
#   main    self 10 10, 2 2; calls walk once (old 300/60, new 250/50) and
#           log_it once (new only: 40/4)
#   log_it  new only: 40 and 4; helper old only: 7 and 0
#   totals  317 300 62 56 (given in a totals: line: the old and new totals)
# Self costs sit on their source lines (main 1, walk 5, helper 9, log_it 9
# of tree.c), calls at their call lines (main -> walk 2, main -> log_it 3,
# walk -> walk 6, where walk -> walk'2 and walk'2 -> walk'3 were).
annogrind --diff --format=callgrind --mod-filename='s|^/build/[0-9a-f]+/||' --mod-funcname="s/'[0-9]+\$//" diff/hash_old.cg diff/hash_new.cg >/tmp/annogrind-diff-write.$$
cat /tmp/annogrind-diff-write.$$
annogrind --auto=no --inclusive=yes --tree=both /tmp/annogrind-diff-write.$$ | sed 1,3d
rm -f /tmp/annogrind-diff-write.$$
