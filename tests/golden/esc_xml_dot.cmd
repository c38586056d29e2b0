# DOT labels: the characters XML 1.0 does not allow (U+FFFE, U+FFFF, an
# encoded surrogate) as the visible text \xHH (DOT source \\xHH), or
# Graphviz's SVG of them would be ill-formed; U+FFFD kept.
annogrind --format=dot --threshold=100 escape/xmlbad.cg | grep -a 'label='
