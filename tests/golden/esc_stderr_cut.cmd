# The "cut to the total" warning names m\x1b[2Jain escaped (the report in
# the file keeps the bytes): its inclusive 1 + 60 + 60 = 121 passes the
# total 100 and is cut to it.
annogrind --inclusive=yes --auto=no escape/cut.cg
