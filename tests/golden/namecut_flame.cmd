# The cut of namecut_text in the flame graph's frame titles: each long
# name whole in the first frame that names it, cut in the others.
export ANNOGRIND_NAME_BUDGET=0
annogrind --format=flamegraph longnames.cg
