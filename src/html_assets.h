/* html_assets: the HTML report's style and script, src/html/report.css and report.js, embedded at build time (src/html/embed.sh). */
#ifndef ANNOGRIND_HTML_ASSETS_H
#define ANNOGRIND_HTML_ASSETS_H

extern const char html_css[];
extern const char html_js[];

#endif
