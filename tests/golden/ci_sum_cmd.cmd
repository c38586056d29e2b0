# Profiles of different programs summed: a file whose cmd: line runs
# another program than the first file's (its first word) gets a warning
# with both commands: ci/a.cg is "./prog", the first "./calc new".
# gate/old.cg runs "./calc old": the same program with other arguments (a
# workload), no warning.  The report is the sum, as asked: 7,650 + 7,500 +
# 110 = 15,260 Ir; exit 0.
annogrind --auto=no --top=1 gate/new.cg gate/old.cg ci/a.cg
