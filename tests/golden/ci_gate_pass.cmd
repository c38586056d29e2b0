# Limits at exactly the measured values pass (a limit is broken only when
# the value is greater): total Ir 220 (a.cg + b.cg), work self Ir 110 =
# 50% of 220, main inclusive Dr 42, leaf self Ir 80 <= 80; exit 0 and the
# report (JSON here) on standard output.
annogrind --format=json --top=1 --limit=Ir=220 --limit=Ir:self:work=50% \
	--limit=Dr:incl:main=42 --limit='Ir:self:prog.c:l*=80' ci/a.cg ci/b.cg
