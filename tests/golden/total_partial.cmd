# A short summary: line, no totals: line (arithmetic in total/partial.cg):
# A 100, B 200 from the file, C 7 summed; no "(calculated)", and
# "totals_calculated": false in JSON.
annogrind --auto=no total/partial.cg && annogrind --format=json total/partial.cg | grep calculated
