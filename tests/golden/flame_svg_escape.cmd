# The flame graph's SVG text: C0 controls '?' (ESC, BEL), a bidi override
# (U+202E in evil<U+202E>gnp.exe) as the visible text \\xHH, so a browser
# shows the name's bytes, not the name reordered to look like evilexe.png.
annogrind --format=flamegraph escape/evil.cg | grep -a -e '<title>' -e '</title>'
