# A comparison whose limits all hold: PASS.  Ir=+2% (+2.00% is not more);
# Ir:incl:parse_*=+10% (parse_expr +10.00%, parse_stmt +5.00%).  With
# --inclusive=yes the rows are sorted by the change of inclusive cost, and
# --top=3 keeps three: old_helper -500, parse_expr +400 and lex +400 (equal
# sizes: by name, "lex.c:lex" < "parse.c:parse_expr"); main's +150 is the
# fourth.  --show=Ir: one event.  Exit 0.
annogrind --diff --format=markdown --inclusive=yes --top=3 --show=Ir --limit=Ir=+2% \
	--limit='Ir:incl:parse_*=+10%' gate/old.cg gate/new.cg
