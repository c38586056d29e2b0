#!/usr/bin/env python3
"""check-data.py MODE PAGE ARGS...: checks of an HTML page's bytes and data
(tests/suites/48-html.sh), without a browser.  Prints PASS/FAIL lines.

  page PAGE JS CSS     the page holds report.js and report.css as they are,
                       a CSP of default-src 'none', nothing that loads
  folded PAGE FOLDED   its flame graph is the stacks of --format=folded
  whole PAGE PROFILE   each function's self cost is what the profile text
                       gives under its fn= lines, inlined pieces and all
                       (tests/cgtext.py), main holds its pieces
  graph PAGE SVG       its call graph has the boxes and edges of
                       --format=dot drawn by dot (SVG)
  newer PAGE FILE|-    the sources newer than the profile: FILE, or none
  hostile PAGE         names neutralised in the <noscript> table, the DOT
                       call graph drawn for a 100 KB name
  dotfail PAGE         dot's own message is in the page, not "install"
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cgtext  # noqa: E402

T = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef"
M = "ghijklmnopqrstuvwxyz0123456789-_"


def check(ok, what):
    print(("PASS " if ok else "FAIL ") + what)
    return ok


def unpack(s):
    out, v = [], 0
    for ch in s or "":
        if ch in T:
            out.append(v * 32 + T.index(ch))
            v = 0
        elif ch in M:
            v = v * 32 + M.index(ch)
        elif ch == "~":
            out.append(None)
            v = 0
        else:
            raise ValueError("bad packed character %r" % ch)
    return out


def read(page):
    text = open(page, encoding="utf-8", errors="surrogateescape").read()
    m = re.search(r'<script type="application/json" id="ag-data">\n(.*?)\n</script>', text, re.S)
    import json
    return text, (json.loads(m.group(1)) if m else None)


def folded_of(d):
    """The page's stacks as folded lines, frames by name (as --format=folded merges them)."""
    fl = d["flame"]
    rows, depth, total = unpack(fl["fn"]), unpack(fl["depth"]), unpack(fl["v"])
    n = len(rows)
    selfv = list(total)
    parent, stack = [-1] * n, []
    for i in range(n):
        while len(stack) >= depth[i]:
            stack.pop()
        parent[i] = stack[-1] if stack else -1
        if parent[i] >= 0:
            selfv[parent[i]] -= total[i]
        stack.append(i)
    out = {}
    for i in range(n):
        if selfv[i] <= 0:
            continue
        path, j = [], i
        while j >= 0:
            name = d["name"][rows[j] - 1] if rows[j] else "?"
            path.append(re.sub(r"[\x00-\x1f\x7f]", "?", name.replace(";", ":")))
            j = parent[j]
        key = ";".join(reversed(path))
        out[key] = out.get(key, 0) + selfv[i]
    return out


def mode_page(page, js, css):
    text, d = read(page)
    check(d is not None, "the page holds its data block")
    check(open(js, encoding="utf-8").read() in text, "report.js is in the page as it is")
    check(open(css, encoding="utf-8").read() in text, "report.css is in the page as it is")
    csp = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', text)
    check(csp is not None and "default-src 'none'" in csp.group(1) and csp.group(1).count("'sha256-") == 1,
          "a CSP of default-src 'none' that runs one script, by its hash")
    data = re.search(r'<script type="application/json" id="ag-data">.*?</script>', text, re.S)
    rest = text[:data.start()] + text[data.end():]
    bad = [p for p in (r'<link\b', r'\bsrc=', r'url\(', r'@import', r'https?://(?!www\.w3\.org/)') if re.search(p, rest)]
    check(not bad, "the page loads nothing " + " ".join(bad))
    ns = re.search(r"<noscript>(.*?)</noscript>", text, re.S)
    top = d["name"][max(range(d["nrows"]), key=lambda k: unpack(d["self"])[k * len(d["events"]) + d["sort"]] or 0)]
    check(ns is not None and "<table" in ns.group(1) and top.split("<")[0][:30] in ns.group(1),
          "a <noscript> table lists the top function (%s)" % top[:40])
    # the flame graph's place is reserved before the script runs
    check(re.search(r'<div id="ag-flame-box" class="fbox"></div>', text) is not None and
          re.search(r"\.fbox \{[^}]*height: \d+px", text) is not None, "the flame graph's box has its height in the style")


def mode_folded(page, folded):
    text, d = read(page)
    mine = folded_of(d)
    theirs = {}
    for line in open(folded, encoding="utf-8", errors="surrogateescape"):
        stack, _, v = line.rstrip("\n").rpartition(" ")
        theirs[stack] = theirs.get(stack, 0) + int(v)
    diff = [k for k in set(mine) | set(theirs) if mine.get(k) != theirs.get(k)]
    check(not diff, "%s: the flame graph's %d stacks are --format=folded's %d%s" % (
        os.path.basename(page), len(mine), len(theirs), (": first differs " + diff[0][:120]) if diff else ""))
    roots = {k.split(";")[0] for k in mine}
    main = sum(v for k, v in mine.items() if ";main;" in ";" + k + ";" or k.startswith("main"))
    tot = sum(mine.values())
    print("    roots: %s; main on %.1f%% of the stacks" % (sorted(roots)[:5], 100.0 * main / tot if tot else 0))


def mode_whole(page, profile):
    text, d = read(page)
    prof = cgtext.read(profile)
    nev = len(d["events"])
    want = {}
    for (f, fn), lines in prof["fnlines"].items():
        c = want.setdefault(fn, [0] * nev)
        for cost in lines.values():
            for e in range(nev):
                c[e] += cost[e]
    selfv = unpack(d["self"])
    count = {}
    for n in d["name"]:
        count[n] = count.get(n, 0) + 1
    bad, n = [], 0
    for k, name in enumerate(d["name"]):
        if count[name] > 1 or name not in want:
            continue
        n += 1
        got = selfv[k * nev:(k + 1) * nev]
        if [g or 0 for g in got] != want[name]:
            bad.append((name, got, want[name]))
    check(n > 20 and not bad, "%d functions' self costs are the profile's, their inlined pieces summed%s" % (
        n, (": " + repr(bad[0])[:200]) if bad else ""))
    rows = unpack(d["pieces"]["row"])
    main = [k for k, nm in enumerate(d["name"]) if nm == "main"]
    files = {f for (f, fn) in prof["fnlines"] if fn == "main"}
    npieces = sum(1 for r in rows if main and r == main[0])
    check(main and npieces == len(files), "main is one row with its %d pieces (%d files hold its code)" % (npieces, len(files)))


def mode_graph(page, svg):
    text, d = read(page)

    def boxes(s):
        s = s[s.find("<svg"):]
        nodes = re.findall(r'<g id="node\d+" class="node">(.*?)</g>', s, re.S)
        texts = sorted("|".join(re.findall(r"<text[^>]*>(.*?)</text>", n, re.S)) for n in nodes)
        edges = len(re.findall(r'class="edge"', s))
        return texts, edges
    a = re.search(r'<section id="ag-graph"><h2>Call graph</h2>\n(.*?)</section>', text, re.S)
    mine = boxes(a.group(1)) if a else ([], 0)
    theirs = boxes(open(svg, encoding="utf-8").read())
    check(mine == theirs and mine[0], "the call graph's %d boxes and %d edges are --format=dot's (%d, %d)" % (
        len(mine[0]), mine[1], len(theirs[0]), theirs[1]))


def mode_newer(page, name):
    text, d = read(page)
    want = [] if name == "-" else [name]
    flagged = [s["name"] for s in d["sources"] if s.get("newer")]
    check(d["newer"] == want and flagged == want, "sources newer than the profile: %s (%s)" % (d["newer"], os.path.basename(page)))


def mode_hostile(page):
    text, d = read(page)
    ns = re.search(r"<noscript>(.*?)</noscript>", text, re.S).group(1)
    check("\u202e" not in ns and "\u2028" not in ns and "\\xe2\\x80\\xae" in ns,
          "the <noscript> table shows U+202E and U+2028 as \\xHH")
    check("<script" not in ns.replace("&lt;script", ""), "no markup from a name in the <noscript> table")
    check(d["graph_note"] is None or "could not be run" in d["graph_note"],
          "the call graph is drawn with a 100 KB name (%s)" % (d["graph_note"] or "drawn")[:80])
    check(any(len(n) >= 100000 for n in d["name"]), "the 100 KB name is whole in the data")


def mode_dotfail(page):
    text, d = read(page)
    note = d["graph_note"] or ""
    check("the stand-in dot fails on purpose" in note and "install" not in note,
          "dot's own message is in the page: " + note[:100])


def main():
    mode, args = sys.argv[1], sys.argv[2:]
    globals()["mode_" + mode](*args)


if __name__ == "__main__":
    main()
