/* report_pprof: the rebuilt call stacks as a gzip-compressed profile.proto, the format of pprof and the services that read it. */
#ifndef ANNOGRIND_REPORT_PPROF_H
#define ANNOGRIND_REPORT_PPROF_H

#include "report.h"

/*
 * google/pprof's proto/profile.proto, gzip-compressed, on r->out.  Its
 * samples are the stacks of --format=folded (stacks.h), made for each
 * event shown (r->show, and the first --sort event if it is not among
 * them) with the same cut (--threshold), one value per event, unit
 * "count"; default_sample_type is the first --sort event.  A stack's own
 * cost is split over the lines of its function (fnline.h: so pprof -list
 * shows the per-line costs of the annotated source), exactly when nothing
 * is cut; a caller's frame is at the line of its call (the call site of
 * most cost of the sort event).  Names are written as in folded stacks
 * (frames of f'g'h named f) and made valid UTF-8 (see the man page).
 * version is annogrind's, for a comment.  Returns 0, or -1 after a
 * message on standard error.
 */
int report_pprof(struct report *r, const char *version);

#endif
