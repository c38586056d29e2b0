# The same with --escape=always: every control byte and the bidi override
# as \xHH (ESC \x1b, BEL \x07, DEL \x7f, RLO \xe2\x80\xae, CSI \x9b and
# \xc2\x9b); tab, backslash and UTF-8 (café) as they are.  The event
# column "Dr\x1b[8m" is 9 wide, so the Dr costs (10 wide) pad it by one.
annogrind --escape=always --tree=both --inclusive=yes escape/evil.cg
