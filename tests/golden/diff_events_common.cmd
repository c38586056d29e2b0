# Profiles that record different events (gate/new3.cg is gate/new.cg with
# a Bc column added between Ir and Dr) compare on the events both have when
# --show and --sort name only those: the numbers of gate/old.cg against
# gate/new.cg (see gate_rel_pass), and the header says which events each
# recorded.  Sorted by the size of the change of Dr self: parse_stmt -50
# and old_helper -50 (equal: by name), lex +40, new_helper +15; threshold
# 99% of 155, reached after the fourth row (50, 100, 140: 90.3%, 155).
# Limits work on those events: Dr:self:parse_stmt 200 -> 150 = -25.00%
# breaks -20% (exit 1).
annogrind --diff --show=Ir,Dr --sort=Dr --limit=Ir=+2% \
	--limit=Dr:self:parse_stmt=-20% gate/old.cg gate/new3.cg; echo "exit $?"
# Showing or sorting by an event the old profile lacks, by default too, is
# refused as before (exit 3), saying which events can be compared; a limit
# on one is a usage error (exit 2); the other formats print every event,
# so they need the same events (exit 3).
annogrind --diff gate/old.cg gate/new3.cg; echo "exit $?"
annogrind --diff --show=Ir --sort=Bc gate/old.cg gate/new3.cg; echo "exit $?"
annogrind --diff --show=Ir --sort=Ir --limit=Bc=+1 gate/old.cg gate/new3.cg; echo "exit $?"
annogrind --diff --format=json --show=Ir --sort=Ir gate/old.cg gate/new3.cg; echo "exit $?"
