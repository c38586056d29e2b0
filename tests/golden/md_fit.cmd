# --format=markdown keeps to --markdown-max bytes (65,536 by default: a
# pull-request comment): the comparison of testdata/gate (2,769 bytes
# whole) cut to 2,048 keeps the table and the callers and callees, drops
# the last 4 of its 5 folded blocks and says so at the end; cut to 1,024
# it drops every block and the last 2 of the 4 table rows (the first row
# always stays).  Then the report of one profile cut to 1,024 (its tree
# goes), and the limit given as none: the whole, no note.
annogrind --diff --format=markdown --markdown-max=2048 gate/old.cg gate/new.cg | tail -5
annogrind --diff --format=markdown --markdown-max=1024 gate/old.cg gate/new.cg | sed -n '/^### Functions/,$p'
annogrind --format=markdown --markdown-max=1024 gate/new.cg | sed -n '/^### Top/,$p'
annogrind --diff --format=markdown --markdown-max=none gate/old.cg gate/new.cg | wc -c
