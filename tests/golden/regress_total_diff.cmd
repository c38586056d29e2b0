# A gate on the program total does not trust the totals: line.
# regress/total_lies.cg says "totals: 1000" but its cost lines sum to
# 1,000 + 4,000 = 5,000; against a baseline of 1,000 (line and costs
# agree) 'Ir=+2%' checks 1,000 -> 5,000: +4,000, +400.00%, broken, and
# the message says the new side's number is the sum, not the line's
# 1,000.  (The loader's own warning about main.c:work's inclusive cost
# comes first.)  The report itself shows the totals as the profile gives
# them.  Exit 1.
annogrind --diff --auto=no --limit=Ir=+2% regress/total_base.cg regress/total_lies.cg >/dev/null
