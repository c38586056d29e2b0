# Functions only one profile has change from or to 0.  Self Ir: lex 0 ->
# 400 and new_helper 0 -> 150 are new (growth from nothing: an infinite
# percentage, so +10% is broken; +200 only by lex's +400); old_helper
# 500 -> 0 is gone (-100.00%: breaks -50%, and -499).  parse_stmt +5.00%
# holds +10%; main and parse_expr (0) hold everything.
# A limit whose function is gone picks no function of the new profile:
# broken, naming what it picked in the old one, so a rename cannot switch a
# limit off.  A name neither profile has: broken too.  Exit 1.
annogrind --diff --auto=no --limit='Ir:self:*=+10%' --limit='Ir:self:*=+200' \
	--limit='Ir:self:*=-50%' --limit='Ir:self:*_helper=-499' \
	--limit=Ir:incl:old_helper=+1 --limit='Ir:incl:old_*=-100%' \
	--limit=Ir:self:nosuch=+1 gate/old.cg gate/new.cg >/dev/null
