# --format=json annotates nothing, but an argument that does not exist is
# still named (it used to be ignored), like in the text report.
annogrind --format=json ci/a.cg nosuch.cg
