# The diff of diff_modname as TSV: every function of either profile (also
# the unchanged), with old, new and signed change (new - old) per event,
# self then inclusive; the numbers are those worked out in diff_modname.cmd:
#   walk    self 300 -> 250 (-50) Ir, 60 -> 50 (-10) Dr; incl the same
#   log_it  new: 0 -> 40, 0 -> 4;  helper gone: 7 -> 0, 0 -> 0
#   main    self 10 -> 10 (0), 2 -> 2 (0); incl 310 -> 300 (-10), 62 -> 56 (-6)
# Order: by the size of the self change of Ir (50, 40, 7, 0), then Dr.
annogrind --diff --format=tsv --mod-filename='s|^/build/[0-9a-f]+/||' --mod-funcname="s/'[0-9]+\$//" diff/hash_old.cg diff/hash_new.cg
