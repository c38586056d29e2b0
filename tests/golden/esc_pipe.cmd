# Hostile names (testdata/escape/evil.cg: OSC title, OSC 8 link, ESC[2J, RLO,
# C1 CSI raw and in UTF-8, DEL) written to a file: the bytes as they are
# (--escape=auto and standard output is no terminal), as callgrind_annotate.
annogrind --tree=both --inclusive=yes escape/evil.cg
