# The flame graph SVG of flame/names.cg: XML specials escaped (&amp;
# &lt; &gt;), the control byte as '?', the byte 0xff as &#255;; frames
# 1200 - 2 * 10 = 1180 px wide for the 20 Ir: main 1180, a:b 590 (10),
# x<&>y 295 (5) with q?r 118 (2), 0xff z 236 (4).  No object: warm colours.
annogrind --format=flamegraph --threshold=100 flame/names.cg
