# The cut of namecut_text in TSV: each long name whole in the first row
# that names it, cut in the others.
export ANNOGRIND_NAME_BUDGET=0
annogrind --format=tsv longnames.cg
