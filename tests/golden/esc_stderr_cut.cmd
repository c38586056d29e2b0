# The "cut to the total" warning names m\x1b[2Jain escaped (the report in
# the file keeps the bytes): its inclusive 1 + 100 > the total 2, cut to 2.
annogrind --inclusive=yes --auto=no escape/cut.cg
