# A level on the program total of a profile whose totals: line (1,000)
# says less than its cost lines sum to (5,000): 'Ir=2000' checks 5,000
# and is broken; 'Ir=5000' holds (5,000 is not over 5,000).  Exit 1.
annogrind --auto=no --limit=Ir=2000 --limit=Ir=5000 regress/total_lies.cg >/dev/null
