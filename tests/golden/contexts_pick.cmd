# Globs and limits on a function mean the function, whatever Callgrind's
# names of it (contexts/sepcallers.cg, --separate-callers=2 names): a
# pattern picks a name or its name without the caller context, so "put"
# picks put'main, put'parse'main and put'parse'2'parse, "parse" picks
# parse'main, and "parse'2" parse'2'parse'main.
# A limit sums a function's names: put's self cost 300 + 40 + 40 = 380
# (69.09% of 550: 'put=60%' breaks, each context alone is below); parse's
# inclusive cost is that of the name without a level, 500 (90.91%), since
# parse'2 runs inside it; a pattern that picks any of its names checks
# the function ('parse'2' too).  Exit 1.
annogrind --auto=no --limit='Ir:self:put=60%' --limit='Ir:self:put=70%' --limit='Ir:incl:parse=90%' \
	--limit="Ir:incl:parse'2=91%" contexts/sepcallers.cg >/dev/null; echo "exit $?"
# --focus on them: put's 380, parse's exact 500 (parse'2 runs inside it);
# "parse'2" picks that level (100: what runs inside a nested parse), a
# whole name that one name, and a glob as ever.
for g in put parse "parse'2" "put'parse'main" "p.c:put" 'pu?'; do
	annogrind --auto=no --focus="$g" contexts/sepcallers.cg | grep 'PROGRAM TOTALS'
done
# A change of each context by at most 30 Ir holds '+50' alone; put's names
# summed grew by 30 + 15 + 15 = 60: broken.  Exit 1.
annogrind --diff --auto=no --limit='Ir:self:put=+50' contexts/sepcallers.cg contexts/sepcallers_new.cg >/dev/null
