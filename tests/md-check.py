#!/usr/bin/env python3
"""md-check.py [--no-details] HTML [NAME ...]: check the HTML that cmark-gfm
made of a --format=markdown report.

- Only the tags the renderer makes of annogrind's own Markdown appear (a
  name read as Markdown or HTML would add others: em, a, script, ...), with
  no attribute but a cell's alignment and the code block's language.
- Every row of a table has as many cells as its header (a '|' in a name
  that split a cell would add one).
- Each NAME (a "file:function" as it should be shown) is the whole text
  of a <code> in a table cell, and appears in the folded trees
  (<details><pre><code>).
- There is a <details> block, unless --no-details (a comparison of a
  profile with itself has no function that changed, so no trees).
Prints what is wrong and exits 1, or exits 0.
"""
import sys
from html.parser import HTMLParser

ALLOWED = {"p", "strong", "code", "table", "thead", "tbody", "tr", "th", "td",
           "h3", "ul", "li", "details", "summary", "pre"}


class Check(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.errors = []
        self.stack = []
        self.cells_code = []      # texts of <code> inside <td>
        self.tree_text = ""       # text of <pre> inside <details>
        self.code = None
        self.header_cells = None
        self.row_cells = 0
        self.in_head = False

    def handle_starttag(self, tag, attrs):
        if tag not in ALLOWED:
            self.errors.append("unexpected tag <%s>" % tag)
        for k, v in attrs:
            if not ((k == "align" and tag in ("th", "td")) or
                    (k == "class" and tag == "code" and v == "language-text")):
                self.errors.append("unexpected attribute %s=%r on <%s>" % (k, v, tag))
        self.stack.append(tag)
        if tag == "thead":
            self.in_head = True
        elif tag == "table":
            self.header_cells = None
        elif tag == "tr":
            self.row_cells = 0
        elif tag in ("td", "th"):
            self.row_cells += 1
        elif tag == "code":
            self.code = ""

    def handle_endtag(self, tag):
        if tag == "code" and self.code is not None:
            if "td" in self.stack:
                self.cells_code.append(self.code)
            self.code = None
        if tag == "thead":
            self.in_head = False
        if tag == "tr":
            if self.in_head:
                self.header_cells = self.row_cells
            elif self.row_cells != self.header_cells:
                self.errors.append("a row has %d cells, its header %s" %
                                   (self.row_cells, self.header_cells))
        while self.stack:
            if self.stack.pop() == tag:
                break

    def handle_data(self, data):
        if self.code is not None:
            self.code += data
        if "pre" in self.stack and "details" in self.stack:
            self.tree_text += data


def main():
    args = sys.argv[1:]
    details = True
    if args and args[0] == "--no-details":
        details = False
        args = args[1:]
    html = open(args[0], encoding="utf-8").read()
    c = Check()
    c.feed(html)
    c.close()
    for name in args[1:]:
        if name not in c.cells_code:
            c.errors.append("name %r is not a table cell's code" % name)
        if name not in c.tree_text:
            c.errors.append("name %r is not in the trees" % name)
    if details and ("<details>" not in html or "</details>" not in html):
        c.errors.append("no <details> block")
    for e in c.errors:
        print("md-check: " + e)
    sys.exit(1 if c.errors else 0)


main()
