# Profiles of different programs summed: each file whose cmd: line differs
# from the first file's gets a warning with both commands (gate/old.cg is
# "./calc old", gate/new.cg "./calc new"); the second new.cg is like the
# first file, so only old.cg is warned about.  The report is the sum, as
# asked: 7,650 + 7,650 + 7,500 = 22,800 Ir; exit 0.
annogrind --auto=no --top=1 gate/new.cg gate/new.cg gate/old.cg
