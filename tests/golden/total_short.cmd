# A short summary: line and a totals: line (total/short.cg): A 100, B 200,
# C 70; no "(calculated)".
annogrind --auto=no total/short.cg
