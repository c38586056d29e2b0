/* report_html: one self-contained HTML page to browse a profile or a --diff offline. */
#ifndef ANNOGRIND_REPORT_HTML_H
#define ANNOGRIND_REPORT_HTML_H

#include "diff.h"
#include "report.h"

/*
 * The page holds, as one JSON block (<script type="application/json">,
 * '<' and U+2028/9 escaped, json.h), the header, the functions the text
 * table lists (its --threshold, --row-threshold and --top, at most
 * HTML_ROWS_MAX of them), for each at most HTML_LINKS_MAX callers and
 * callees, and the lines of their sources around each function's span
 * (at most HTML_SPAN_MAX lines a function, lines cut at HTML_LINE_MAX
 * bytes); then the flame graph's SVG (report_flame.c) and, when Graphviz's
 * dot runs (tools), the call graph (report_dot.c, at most 60 boxes, or
 * --top of at most HTML_GRAPH_MAX) drawn as SVG.  A profile with
 * instruction positions adds the machine code of the first HTML_ASM_MAX
 * functions (report_asm_json(), objdump's text when tools).  Its style
 * and script are src/html/report.css and report.js, embedded at build
 * time; the script builds the page from the JSON with textContent only.
 * The page's Content-Security-Policy loads nothing and runs only its
 * script and the flame graph's, by their SHA-256 hashes.
 * Nothing in it depends on the time or the machine but what the profile,
 * the sources, dot and objdump give.  tools 0: neither dot nor objdump
 * is run (the fuzzer).
 *
 * report_html_diff(): the same for a comparison, every cost old and new.
 * Each returns 0, or -1 after a message on standard error.
 */
#define HTML_ROWS_MAX 500
#define HTML_LINKS_MAX 20
#define HTML_SPAN_MAX 400
#define HTML_LINE_MAX 400
/* machine code (report_asm.c, objdump) of the first this many functions */
#define HTML_ASM_MAX 20
/* dot takes minutes on thousands of boxes: no call graph past --top of this */
#define HTML_GRAPH_MAX 200

int report_html(struct report *r, int tools);
int report_html_diff(struct report *r, const struct diff *d, const struct profile *old,
		     const char *old_name, const char *new_name, int tools);

#endif
