#!/usr/bin/env python3
"""Drive headless Chromium (python3-selenium, chromium-driver) over annogrind's
--format=html reports and check what a person would see and do.

usage: check-html.py [--shots DIR] KIND HTML JSON [KIND HTML JSON]...

KIND is "profile", "diff" or "hostile".  JSON is annogrind's --format=json
(or --diff --format=json) of the same input: the table's rows and totals
must show its numbers.  Prints "PASS what" / "FAIL what" lines.
"""
import json
import os
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

results = []


def check(ok, what):
    results.append(ok)
    print(("PASS " if ok else "FAIL ") + what, flush=True)
    return ok


def commify(n):
    return f"{n:,}" if n is not None else "."


def signed(n):
    return ("+" + commify(n)) if n > 0 else commify(n) if n < 0 else "0"


def browser():
    o = Options()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--no-first-run", "--disable-background-networking", "--disable-sync",
              "--disable-component-update", "--window-size=1400,1000"):
        o.add_argument(a)
    o.binary_location = "/usr/bin/chromium"
    o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=o)


def console_errors(d):
    return [e for e in d.get_log("browser") if e.get("level") == "SEVERE"]


def page_data(d):
    return d.execute_script("return JSON.parse(document.getElementById('ag-data').textContent)")


def rows(d):
    return d.find_elements(By.CSS_SELECTOR, "#ag-table tbody tr")


def visible_rows(d):
    return d.execute_script(
        "return Array.prototype.filter.call(document.querySelectorAll('#ag-table tbody tr'),"
        " function (r) { return !r.hidden; }).length")


def cell_texts(tr):
    """Each cell's value: the number (span.v) of a cost cell, else its text."""
    return tr.parent.execute_script(
        "return Array.prototype.map.call(arguments[0].cells, function (td) {"
        " var v = td.querySelector('span.v'); return (v || td).textContent; })", tr)


def row_function(tr, data, byname):
    """A table row's function in the JSON (None when it has none) and the row's cell values."""
    f = data["fns"][int(tr.get_attribute("data-fn"))]
    return byname.get((f["file"], f["name"])), cell_texts(tr)


def common(d, kind, path, js, shots):
    """What every report must do: sort, filter, panel, back, flame graph."""
    tag = os.path.basename(path)
    data = page_data(d)
    n = data["nrows"]
    check(len(rows(d)) == n and n > 0, f"{tag}: the table has the {n} rows of the data")
    # sorting: a click on the "Function" header orders rows by name
    th = d.find_element(By.CSS_SELECTOR, "#ag-table th[data-key='name']")
    th.click()
    names = [tr.get_attribute("data-fn") for tr in rows(d)]
    want = sorted(range(n), key=lambda k: (data["fns"][k]["name"], k))
    check([int(x) for x in names] == want, f"{tag}: a click on Function sorts by name")
    d.find_element(By.CSS_SELECTOR, "#ag-table th[data-key='name']").click()
    names2 = [int(tr.get_attribute("data-fn")) for tr in rows(d)]
    nm = [data["fns"][k]["name"] for k in want]
    check([data["fns"][k]["name"] for k in names2] == list(reversed(nm)), f"{tag}: a second click reverses it")
    # a cost column sorts by that cost, largest first
    ev = data["sort"]
    key = ("sd:" if kind == "diff" else "s:") + str(ev)
    d.find_element(By.CSS_SELECTOR, f"#ag-table th[data-key='{key}']").click()
    order = [int(tr.get_attribute("data-fn")) for tr in rows(d)]

    def val(k):
        c = data["fns"][k]["self"]
        if kind == "diff":
            return abs(c[1][ev] - c[0][ev])
        return c[ev] if c[ev] is not None else -1
    vals = [val(k) for k in order]
    check(vals == sorted(vals, reverse=True), f"{tag}: a click on the self cost header sorts by it")
    # the filter: plain text
    first = data["fns"][order[0]]["name"]
    box = d.find_element(By.ID, "ag-filter")
    box.send_keys(first)
    time.sleep(0.2)
    vis = visible_rows(d)
    expect = sum(1 for k in range(n)
                 if first.lower() in (data["fns"][k]["name"] + "\n" + data["fns"][k]["file"]).lower())
    check(vis == expect and vis < n or (vis == expect == n), f"{tag}: typing '{first[:30]}' in the filter leaves {vis} of {n} rows")
    box.send_keys("\u0001no such function (.*)[")
    time.sleep(0.2)
    check(visible_rows(d) == 0, f"{tag}: a filter that matches nothing (regex characters taken as text) hides every row")
    box.clear()
    d.execute_script("var b = document.getElementById('ag-filter'); b.value = '';"
                     " b.dispatchEvent(new Event('input'));")
    check(visible_rows(d) == n, f"{tag}: clearing the filter shows every row again")
    # the panel: the function of the top row, with callers or callees and its source
    top = order[0]
    # the first with readable source, else with any source, and calls
    for want_text in (True, False):
        got = [k for k in order if data["fns"][k].get("src", -1) >= 0 and
               (data["fns"][k]["callers"] or data["fns"][k]["callees"]) and
               (not want_text or data["files"][data["fns"][k]["src"]]["why"] is None)]
        if got:
            top = got[0]
            break
    f = data["fns"][top]
    d.find_element(By.CSS_SELECTOR, f"#ag-table tr[data-fn='{top}'] a.fn").click()
    time.sleep(0.3)
    check(d.execute_script("return location.hash") == f"#fn={top}", f"{tag}: a click on a function puts #fn={top} in the address")
    panel = d.find_element(By.ID, "ag-panel")
    check(panel.is_displayed(), f"{tag}: the function panel opens")
    ptext = panel.text
    check(f["name"][:60] in ptext or f["name"][:40] in ptext, f"{tag}: the panel names {f['name'][:40]}")
    links = panel.find_elements(By.CSS_SELECTOR, "div.links a.fn")
    want_links = len(f["callers"]) + len(f["callees"])
    check(len(links) == want_links, f"{tag}: the panel lists its {want_links} callers and callees as links ({len(links)})")
    for l in f["callers"][:3] + f["callees"][:3]:
        other = data["fns"][l[0]]["name"]
        check(any(a.get_attribute("title") == other for a in links), f"{tag}: caller/callee {other[:40]} is linked")
    if f.get("src", -1) >= 0:
        src = panel.find_elements(By.CSS_SELECTOR, "div.source table.lines tr")
        check(len(src) > 0, f"{tag}: the panel shows annotated source ({len(src)} lines)")
        shaded = panel.find_elements(By.CSS_SELECTOR, "div.source tr[style*='background']")
        check(len(shaded) > 0, f"{tag}: hot source lines are shaded ({len(shaded)})")
        st = d.execute_script("return document.querySelector('#ag-panel div.source .scroll').scrollTop")
        check(st >= 0, f"{tag}: the source is scrolled to the function (scrollTop {st})")
    if shots:
        d.save_screenshot(os.path.join(shots, f"{kind}-panel.png"))
    # machine code: a profile with instruction positions shows it in the panel
    mc = data.get("machine_code") or []
    if mc:
        ids = {f["id"]: k for k, f in enumerate(data["fns"][:n])}
        u = next((u for u in mc if u["function"] in ids and u["instructions"]), None)
        if check(u is not None, f"{tag}: machine code of a listed function is in the data"):
            moved = ids[u["function"]] != top
            if moved:
                d.execute_script("location.hash = '#fn=' + arguments[0]", ids[u["function"]])
                time.sleep(0.3)
            trs = d.find_elements(By.CSS_SELECTOR, "#ag-panel div.asm table.lines tr")
            texts = [i.get("text") for i in u["instructions"] if i.get("text")]
            got = d.find_element(By.CSS_SELECTOR, "#ag-panel div.asm").text if trs else ""
            check(len(trs) >= len(u["instructions"]) and texts and texts[0] in got,
                  f"{tag}: the panel shows its {len(u['instructions'])} instructions with objdump's text")
            if shots:
                d.save_screenshot(os.path.join(shots, f"{kind}-asm.png"))
            if moved:
                d.back()
                time.sleep(0.3)
                links = d.find_elements(By.CSS_SELECTOR, "#ag-panel div.links a.fn")
    # follow a link inside the panel, then back twice
    if links:
        target = links[0].get_attribute("href").split("#")[1]
        links[0].click()
        time.sleep(0.3)
        check(d.execute_script("return location.hash") == "#" + target, f"{tag}: a caller/callee link opens that function")
        d.back()
        time.sleep(0.3)
        check(d.execute_script("return location.hash") == f"#fn={top}", f"{tag}: back returns to the first function")
    d.back()
    time.sleep(0.3)
    check(d.execute_script("return location.hash") in ("", "#") and
          not d.find_element(By.ID, "ag-panel").is_displayed(), f"{tag}: back again closes the panel")
    # the flame graph: inline, its frames there, its search works
    frames = d.find_elements(By.CSS_SELECTOR, "#ag-flame svg g.frame")
    check(len(frames) > 3, f"{tag}: the flame graph is inline ({len(frames)} frames)")
    sb = d.find_elements(By.CSS_SELECTOR, "#ag-flame #searchbox")
    if sb:
        d.execute_script("var b = document.getElementById('searchbox'); b.value = arguments[0];"
                         " b.dispatchEvent(new Event('input'));", data["fns"][order[0]]["name"][:20])
        m = d.find_element(By.ID, "matched").text
        check(m.startswith("Matched:"), f"{tag}: the flame graph's search runs ({m})")
    frames[0].click()
    check(d.find_element(By.ID, "unzoom").value_of_css_property("opacity") == "1", f"{tag}: a click on a frame zooms")
    errs = console_errors(d)
    check(not errs, f"{tag}: no console errors" + ("" if not errs else f": {errs[:3]}"))
    return data


def check_profile(d, path, js, shots):
    tag = os.path.basename(path)
    data = page_data(d)
    j = json.load(open(js))
    # totals: the header shows JSON's totals for each shown event
    head = d.find_element(By.CSS_SELECTOR, "#ag-head table.totals").text
    for e in data["show"]:
        check(commify(j["totals"][e]) in head, f"{tag}: the total of {j['events'][e]['name']} is {commify(j['totals'][e])} as in JSON")
    # each row: the same name, self and inclusive costs as the JSON's function
    byname = {}
    for f in j["functions"]:
        byname.setdefault((f["file"], f["name"]), f)
    bad = 0
    for tr in rows(d):
        jf, cells = row_function(tr, data, byname)
        if jf is None:
            bad += 1
            continue
        for i, e in enumerate(data["show"]):
            s = cells[2 + 2 * i].split()[0]
            inc = cells[3 + 2 * i].split()[0].lstrip("\u2265")
            if s != commify(jf["self"][e]) or inc != commify(jf["inclusive"][e]):
                bad += 1
        mark = cells[3].startswith("\u2265")
        if mark == bool(jf["inclusive_exact"]) and j.get("functions") and data["incl_known"]:
            bad += 1
    check(bad == 0, f"{tag}: every row's self and inclusive costs and exact/bound mark are JSON's ({bad} differ)")


def check_diff(d, path, js, shots):
    tag = os.path.basename(path)
    data = page_data(d)
    j = json.load(open(js))
    head = d.find_element(By.CSS_SELECTOR, "#ag-head table.totals").text
    for e in data["show"]:
        o, n = j["totals"]["old"][e], j["totals"]["new"][e]
        check(commify(n) in head and commify(o) in head and signed(n - o) in head,
              f"{tag}: totals of {j['events'][e]['name']} old {commify(o)}, new {commify(n)}, change {signed(n - o)} as in JSON")
    byname = {(f["file"], f["name"]): f for f in j["functions"]}
    bad = 0
    grew = shrank = 0
    for tr in rows(d):
        jf, cells = row_function(tr, data, byname)
        if jf is None:
            bad += 1
            continue
        for i, e in enumerate(data["show"]):
            o, n = jf["self"]["old"][e], jf["self"]["new"][e]
            io, inn = jf["inclusive"]["old"][e], jf["inclusive"]["new"][e]
            got = [cells[2 + 4 * i].split()[0], cells[3 + 4 * i].split()[0], cells[4 + 4 * i].split()[0],
                   cells[5 + 4 * i].split()[0]]
            if got != [commify(o), commify(n), signed(n - o), signed(inn - io)]:
                bad += 1
                print("    differ:", jf["name"], got, [o, n, n - o, inn - io])
        tds = tr.find_elements(By.CSS_SELECTOR, "td.grew")
        grew += len(tds)
        shrank += len(tr.find_elements(By.CSS_SELECTOR, "td.shrank"))
    check(bad == 0, f"{tag}: every row's old, new and change are JSON's ({bad} differ)")
    check(grew + shrank > 0, f"{tag}: changes are coloured ({grew} red, {shrank} blue)")
    colour = d.execute_script("var e = document.querySelector('#ag-table td.grew, #ag-table td.shrank');"
                              " return e ? getComputedStyle(e).color : ''")
    check(colour in ("rgb(179, 38, 30)", "rgb(31, 79, 184)"), f"{tag}: red for grew, blue for shrank ({colour})")


def check_hostile(d, path, js, shots):
    tag = os.path.basename(path)
    data = page_data(d)
    pwned = d.execute_script("return window.__pwned")
    check(pwned is None, f"{tag}: no payload ran (window.__pwned is {pwned})")
    check(len(rows(d)) == data["nrows"] and data["nrows"] >= 5, f"{tag}: the table renders its {data['nrows']} rows")
    names = [a.get_attribute("title") for a in d.find_elements(By.CSS_SELECTOR, "#ag-table a.fn")]
    check(any("</script>" in n for n in names), f"{tag}: a name with </script> is shown as text")
    check(any("onerror" in n for n in names), f"{tag}: a name with <img onerror> is shown as text")
    check(any("\u2028" in n for n in names), f"{tag}: a name with U+2028 is shown")
    check(any("\ufffe" in n for n in names), f"{tag}: a name with U+FFFE is shown")
    check(not d.find_elements(By.CSS_SELECTOR, "#ag-table img, #ag-panel img, main > script"),
          f"{tag}: no element came from a name")
    # open every function: nothing runs either
    for k in range(data["nrows"]):
        d.execute_script("location.hash = '#fn=' + arguments[0]", k)
        time.sleep(0.05)
    check(d.execute_script("return window.__pwned") is None, f"{tag}: no payload ran with each panel opened")
    errs = console_errors(d)
    check(not errs, f"{tag}: no console errors" + ("" if not errs else f": {errs[:3]}"))
    # the CSP itself: a script that got into the page anyway (inline, or an
    # event handler attribute) is refused, the page's own still run
    page = open(path, encoding="utf-8", errors="surrogateescape").read()
    bad = page.replace("<main>", "<main><script>window.__pwned=9</script>"
                       "<img src=x onerror=\"window.__pwned=10\">", 1)
    other = path + ".injected.html"
    with open(other, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(bad)
    d.get("file://" + os.path.abspath(other))
    time.sleep(0.5)
    refused = [e for e in d.get_log("browser") if "Content Security Policy" in e.get("message", "")]
    check(d.execute_script("return window.__pwned") is None and len(refused) > 0,
          f"{tag}: the CSP refuses a script injected into the page ({len(refused)} refused)")
    check(len(rows(d)) == data["nrows"], f"{tag}: the page's own script still runs under the CSP")
    os.unlink(other)


def main():
    args = sys.argv[1:]
    shots = None
    if args[:1] == ["--shots"]:
        shots = args[1]
        os.makedirs(shots, exist_ok=True)
        args = args[2:]
    d = browser()
    try:
        for i in range(0, len(args), 3):
            kind, path, js = args[i:i + 3]
            d.get("file://" + os.path.abspath(path))
            time.sleep(0.5)
            errs = console_errors(d)
            check(not errs, f"{os.path.basename(path)}: loads without console errors" + ("" if not errs else f": {errs[:3]}"))
            if shots and kind != "hostile":
                d.save_screenshot(os.path.join(shots, f"{kind}.png"))
            if kind == "profile":
                check_profile(d, path, js, shots)
            elif kind == "diff":
                check_diff(d, path, js, shots)
            if kind == "hostile":
                check_hostile(d, path, js, shots)
            else:
                common(d, kind, path, js, shots)
    finally:
        d.quit()
    print(f"html browser: {sum(results)} passed, {len(results) - sum(results)} failed")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
