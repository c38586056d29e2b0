/* run: the pipeline from the parsed command line to the output, for one profile and for each side of a diff. */
#ifndef ANNOGRIND_RUN_H
#define ANNOGRIND_RUN_H

#include <stddef.h>

struct gate;
struct opts;

/* How a run ended: main() maps each to its exit status (the man page's EXIT STATUS). */
enum run_status {
	RUN_OK = 0,
	RUN_LIMIT,		/* a --limit was broken: the report is complete */
	RUN_USAGE,		/* a usage error, said */
	RUN_USAGE_HINT,		/* a usage error, said: main adds the pointer to --help */
	RUN_INPUT,		/* a bad or unreadable profile, said */
	RUN_OUTPUT,		/* the output could not be written, said */
};

/* What a run is given; it reads o and resolves the gates against the profile. */
struct run {
	struct opts *o;		/* o->format set (format.h); the source files may be sorted out */
	struct gate *gates;	/* the --limit specs, parsed (gate.h) */
	size_t ngates;
	const char *pwd;	/* the current folder with a '/' at its end, or "" */
	const char *version;	/* annogrind's, for the note of a written profile */
	const char *out_file;	/* --output's FILE, for messages; NULL: standard output */
};

/* The report of one profile, or of the sum of the profiles named. */
enum run_status run_report(const struct run *run);
/* --diff OLD NEW: the comparison, as a report or as a profile. */
enum run_status run_diff(const struct run *run);
/*
 * Flush standard output: RUN_OK, or RUN_OUTPUT after a message naming
 * out_file (NULL: standard output, where a reader gone away is no error).
 */
enum run_status run_flush(const char *out_file);

#endif
