# The same as regress_total_diff as Markdown: the new side's total is the
# sum of its cost lines, 5,000 (+4,000, +400.00%), in the verdict, the
# broken limit and the table of totals, and main.c:work costs 4,000, self
# and inclusive.  Old and new swapped too: 'Ir=-2%' sees 5,000 -> 1,000
# (-4,000, -80.00%).
annogrind --diff --format=markdown --limit=Ir=+2% regress/total_base.cg regress/total_lies.cg; echo "exit $?"
annogrind --diff --format=markdown --limit=Ir=-2% regress/total_lies.cg regress/total_base.cg | head -5
