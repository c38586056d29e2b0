# The summary: line (line 7) says 400 Ir and 40 Dr; the cost lines sum to 100 + 300 = 400 Ir
# and 10 + 10 = 20 Dr: a warning names Dr and both numbers; main is 20 / 40 = 50.00% of
# the summary's Dr.
cd cachegrind && annogrind --auto=no badsum.cgout
