# The cut of namecut_text in JSON: each long name whole in the first
# function that names it, cut in the others.
export ANNOGRIND_NAME_BUDGET=0
annogrind --format=json longnames.cg
