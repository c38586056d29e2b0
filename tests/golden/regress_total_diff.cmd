# A profile whose totals: line says less than its cost lines sum to.
# regress/total_lies.cg says "totals: 1000" but its cost lines sum to
# 1,000 + 4,000 = 5,000: the loader warns (at the totals: line, 12) and
# takes the sum as the program total, so no inclusive cost is cut below
# its self cost (main.c:work: 4,000, not 1,000).  Against a baseline of
# 1,000 (line and costs agree) 'Ir=+2%' checks 1,000 -> 5,000: +4,000,
# +400.00%, broken.  Exit 1.
annogrind --diff --auto=no --limit=Ir=+2% regress/total_base.cg regress/total_lies.cg >/dev/null
