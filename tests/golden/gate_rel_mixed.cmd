# Levels and changes together with --diff: a level applies to the new
# profile, a change to the comparison.  New totals Ir 7,650, Dr 705.
#   Ir=7600                 7,650 > 7,600: broken
#   Ir=+2%                  +2.00%: holds (gate_rel_pass)
#   Ir:self:parse_expr=50%  4,000 / 7,650 = 52.29% > 50%: broken
#   Ir:self:lex=400         400: holds (a level: new functions are not special)
#   Ir:incl:main=+100000    +150: holds
#   Dr:self:parse_stmt=-20% 200 -> 150 = -25.00%: broken
#   Ir:self:old_helper=1    a level picks in the new profile, where
#                           old_helper is gone: broken
# The report goes to standard output as usual (--format=tsv here); exit 1.
annogrind --diff --format=tsv --limit=Ir=7600 --limit=Ir=+2% \
	--limit=Ir:self:parse_expr=50% --limit=Ir:self:lex=400 \
	--limit=Ir:incl:main=+100000 --limit=Dr:self:parse_stmt=-20% \
	--limit=Ir:self:old_helper=1 gate/old.cg gate/new.cg
