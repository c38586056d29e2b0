# --show and --sort with --diff, on the pair of diff_modname (same rules).
# Self changes of Dr: walk 60 -> 50 (-10), log_it 0 -> 4 (+4), helper 0 -> 0,
# main 2 -> 2; sum of sizes 14.
# --sort=Dr:80: shown before each row: 0%, 10/14 = 71.43% (< 80: log_it
# prints), then 14/14 = 100% stops: walk and log_it, Dr columns only.
annogrind --diff --show=Dr --sort=Dr:80 --mod-filename='s|^/build/[0-9a-f]+/||' --mod-funcname="s/'[0-9]+\$//" diff/hash_old.cg diff/hash_new.cg | sed -n '/^Events shown/,$p'
# --show=Dr,Ir (that column order) --sort=Dr --threshold=100: every changed
# function; helper and main tie at 0 for Dr and go by name (src/main.c:main
# first), although helper's Ir changed (-7).
annogrind --diff --show=Dr,Ir --sort=Dr --threshold=100 --mod-filename='s|^/build/[0-9a-f]+/||' --mod-funcname="s/'[0-9]+\$//" diff/hash_old.cg diff/hash_new.cg | sed -n '/^Ir\|^Dr/,$p'
