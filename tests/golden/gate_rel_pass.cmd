# Limits on a change (--diff OLD NEW) that hold, each at exactly its value
# (a limit is broken only when the change is greater); exit 0, the diff
# report on standard output.  testdata/gate, worked out from its cost lines:
#   total Ir  old 1,000 + 4,000 + 2,000 + 500       = 7,500
#             new 1,000 + 4,000 + 400 + 2,100 + 150 = 7,650
#             +150 = 150 / 7,500 = +2.00%            -> Ir=+2% and Ir=+150 hold
#   total Dr  old 100 + 400 + 200 + 50 = 750; new 100 + 400 + 40 + 150 + 15 = 705
#             -45 = 45 / 750 = -6.00%                -> Dr=-6% and Dr=-45 hold
#   parse_*   parse_expr incl 4,000 -> 4,400: +400 = +10.00%; parse_stmt incl
#             2,000 -> 2,100: +100 = +5.00%           -> Ir:incl:parse_*=+10% holds
#   main      incl 7,500 -> 7,650: +150               -> Ir:incl:main=+150 holds
#   -N% limits hold while nothing drops that much: parse_stmt Dr self
#             200 -> 150 is -25.00%                   -> Dr:self:parse_stmt=-25% holds
annogrind --diff --auto=no --limit=Ir=+2% --limit=Ir=+150 --limit=Dr=-6% \
	--limit=Dr=-45 --limit='Ir:incl:parse_*=+10%' --limit=Ir:incl:main=+150 \
	--limit=Dr:self:parse_stmt=-25% gate/old.cg gate/new.cg
