#!/usr/bin/env python3
"""hostile.py DIR: writes DIR/hostile.cg, a profile of hostile names for the
HTML report (tests/suites/48-html.sh), and DIR/src.c, its source, whose line
2 holds a right-to-left override.  The names: U+202E ("user\\u202etxt.exe"
reads "userexe.txt"), a javascript: URL, a script end, U+2028, and a name
of 100 KB; a payload that ran would set window.__pwned."""
import os
import sys

d = sys.argv[1]
names = [
    "main",
    "user\u202etxt.exe",
    "javascript:window.__pwned=1",
    "</script><script>window.__pwned=2</script>",
    "line\u2028sep",
    "long_" + "x" * 100000,
]
with open(os.path.join(d, "src.c"), "w", encoding="utf-8") as f:
    f.write("int main(void)\n{\n\treturn 0; /* \u202e evil */\n}\n")
out = ["version: 1", "creator: callgrind-3.19.0", "cmd: ./prog \u202eexe.txt", "positions: line",
       "events: Ir", "fl=src.c", "fn=main", "1 100", "3 50"]
for i, n in enumerate(names[1:]):
    out += ["cfn=" + n, "calls=%d 3" % (i + 2), "3 %d" % (1000 * (i + 1))]
for i, n in enumerate(names[1:]):
    out += ["fn=" + n, "%d %d" % (i + 1, 1000 * (i + 1))]
with open(os.path.join(d, "hostile.cg"), "w", encoding="utf-8") as f:
    f.write("\n".join(out) + "\n")
