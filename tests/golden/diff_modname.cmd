# Two builds in folders with a build hash, with callgrind --separate-recs
# names (testdata/diff/hash_*.cg).  --mod-filename drops the folder,
# --mod-funcname the 'N suffix, so walk, walk'2 and walk'3 are one
# recursive function whose inclusive cost is recomputed:
#   totals  old Ir 10 + 300 + 7 = 317, Dr 2 + 60 = 62 (main, walk's call, helper)
#           new Ir 10 + 250 + 40 = 300, Dr 2 + 50 + 4 = 56: -17 (-5.36%), -6 (-9.68%)
#   walk    self old 100 + 200 = 300 Ir, 20 + 40 = 60 Dr;
#           new 80 + 120 + 50 = 250 Ir, 16 + 24 + 10 = 50 Dr: -50 (-16.67%), -10 (-16.67%)
#           incl: the calls from main, 300 -> 250 and 60 -> 50: the same change
#           (summing walk's and walk'2's inclusive costs would give 500)
#   log_it  new: 40 Ir, 4 Dr
#   helper  gone: 7 Ir, 0 Dr (Dr shows 0: no change)
#   main    self 10, 2 unchanged; incl 10 + 300 = 310 -> 10 + 250 + 40 = 300:
#           -10 (-3.23%); Dr 62 -> 56: -6 (-9.68%)
# Without the rules every function is new or gone (second command).
annogrind --diff --threshold=100 --mod-filename='s|^/build/[0-9a-f]+/||' --mod-funcname="s/'[0-9]+\$//" diff/hash_old.cg diff/hash_new.cg
annogrind --diff --auto=no --threshold=100 --show=Ir diff/hash_old.cg diff/hash_new.cg | tail -n 10
