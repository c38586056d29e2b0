/* report_html: one self-contained HTML page to browse a profile or a --diff offline. */
#ifndef ANNOGRIND_REPORT_HTML_H
#define ANNOGRIND_REPORT_HTML_H

#include "diff.h"
#include "report.h"

/*
 * The page holds, as one JSON block (<script type="application/json">,
 * '<' and U+2028/9 escaped, json.h; counts packed five bits a character,
 * report_html.c), every function of the profile whole (whole.h: code
 * inlined from other files summed into its function, the pieces listed
 * under it), every call between them, the stacks of --format=flamegraph
 * (the same cut: --threshold), and the lines of the sources of the first
 * HTML_SRC_ROWS functions around their spans (at most HTML_SPAN_MAX lines
 * a function, lines cut at HTML_LINE_MAX bytes; with --auto=no only the
 * files named on the command line); then, when Graphviz's dot runs
 * (tools), the call graph of --format=dot (report_dot.c, at most 60
 * boxes, or --top of at most HTML_GRAPH_MAX) drawn as SVG; with
 * --annotate=asm the machine code of the first HTML_ASM_MAX functions
 * (report_asm_json(), objdump's text when tools).  Its style and script
 * are src/html/report.css and report.js, embedded at build time; the
 * script builds the page from the JSON with textContent only, and a
 * <noscript> table lists the first HTML_NOSCRIPT_ROWS functions.  The
 * page's Content-Security-Policy loads nothing and runs only its script,
 * by its SHA-256 hash.  Nothing in it depends on the time or the machine
 * but what the profile, the sources, dot and objdump give.  tools 0:
 * neither dot nor objdump is run (the fuzzer).  r->whole, when it holds
 * r->p's pieces, gives the functions whole; else they are r->p's.
 *
 * report_html_diff(): the same for a comparison, every cost old and new
 * (functions whole when d->whole_diff is set).
 * Each returns 0, or -1 after a message on standard error.
 */
#define HTML_SRC_ROWS 300
#define HTML_SPAN_MAX 400
#define HTML_LINE_MAX 400
#define HTML_NOSCRIPT_ROWS 50
/* machine code (report_asm.c, objdump) of the first this many functions */
#define HTML_ASM_MAX 20
/* dot takes minutes on thousands of boxes: no call graph past --top of this */
#define HTML_GRAPH_MAX 200

int report_html(struct report *r, int tools);
int report_html_diff(struct report *r, const struct diff *d, const struct profile *old,
		     const char *old_name, const char *new_name, int tools);

#endif
