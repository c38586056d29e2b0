# The cut of namecut_text in DOT tooltips: each long name whole in the
# first node that names it, cut in the others (labels are shortened anyway).
export ANNOGRIND_NAME_BUDGET=0
annogrind --format=dot --threshold=100 longnames.cg
