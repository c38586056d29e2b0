# --diff --format=markdown (gate/old.cg -> gate/new.cg, numbers in
# gate_rel_pass): FAIL, 3 of 4 limits broken, with the totals and their
# change (Ir 7,650: +150, +2.00%; Dr 705: -45, -6.00%); the broken limits
# first (Ir +2.00% > +1.99%; the two new functions break +10%: growth from
# nothing; old_helper is gone, so a limit naming it alone picks nothing in
# the new profile; Dr=-10% holds); both profiles and commands; under its own
# heading (not run into the table above it), old, new and
# change of each total; the functions whose cost changed (the text diff's
# rows: gone, new, new, parse_stmt), each cell the new value and the change
# (new and gone marked); in <details> the change of the inclusive cost of
# their callers and callees with the call counts old -> new.  Exit 1.
annogrind --diff --format=markdown --limit=Ir=+1.99% --limit='Ir:self:*=+10%' \
	--limit=Ir:incl:old_helper=+1 --limit=Dr=-10% gate/old.cg gate/new.cg
