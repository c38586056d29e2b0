# tree/cycles.cg without --tree: cycle rows in the table, before the
# functions of equal cost; members carry " <cycle N>".
annogrind --inclusive=yes --auto=no tree/cycles.cg
