# The same as regress_total_diff as Markdown: the broken limit
# (1,000 -> 5,000, +400.00%) says which side's total is the sum of its
# cost lines.  Old and new swapped too: the old side's line is the one
# that lies, and 'Ir=-2%' sees 5,000 -> 1,000 (-4,000, -80.00%).
annogrind --diff --format=markdown --limit=Ir=+2% regress/total_base.cg regress/total_lies.cg; echo "exit $?"
annogrind --diff --format=markdown --limit=Ir=-2% regress/total_lies.cg regress/total_base.cg | head -5
