# --top=2 with --inclusive: main (220) and work (190), most costly first.
annogrind --auto=no --show-percs=no --inclusive=yes --top=2 ci/a.cg ci/b.cg
