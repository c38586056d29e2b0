# Line costs above the summary (Ir: 20 > 10; Dr: summary 0).  Lines show 20*100/10
# = 200.0% and 3 with a total of 0 as 0.00%; events annotated takes the printed
# sum as the total where it is larger or the total is 0: 20 (100.0%), 3 (100.0%).
# No warning: inclusive costs (which would be cut to the total, see tree_cut) are
# neither shown nor computed without --inclusive=yes or --tree.
cd source && touch -d '2026-01-01 00:00:00' sq.h && touch -d '2026-01-02 00:00:00' over.cg &&
annogrind over.cg
