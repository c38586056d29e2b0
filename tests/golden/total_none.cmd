# No summary: or totals: line (total/none.cg): A 10, B 20, C 7, "(calculated)",
# and "totals_calculated": true in JSON.
annogrind --auto=no total/none.cg && annogrind --format=json total/none.cg | grep calculated
