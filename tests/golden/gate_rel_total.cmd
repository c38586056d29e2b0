# Limits on the change of a program total that break (exit 1), each printed
# with old, new and change: Ir 7,500 -> 7,650 is +150 = +2.00% (see
# gate_rel_pass), over +1.99% and over +149; Dr 750 -> 705 is -45 = -6.00%,
# a drop over 5.5% and over 44.  Ir=-1% holds: Ir grew, so it did not drop.
annogrind --diff --auto=no --limit=Ir=+1.99% --limit=Ir=+149 --limit=Dr=-5.5% \
	--limit=Dr=-44 --limit=Ir=-1% gate/old.cg gate/new.cg >/dev/null
