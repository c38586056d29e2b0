# DOT of a profile whose file name has a byte that is not UTF-8 (0xff):
# written as the entity &#255; (Graphviz reads UTF-8), the UTF-8 function
# name as it is.  One function, 7 Ir: 100%, hue (1 - 1) * 2/3 = 0 (red).
annogrind --format=dot --threshold=100 diff/utf8_new.cg
