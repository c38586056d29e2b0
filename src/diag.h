/* diag: the one way annogrind reports problems: "annogrind: FILE:LINE: message". */
#ifndef ANNOGRIND_DIAG_H
#define ANNOGRIND_DIAG_H

#include <stdint.h>
#include <stdio.h>

enum diag_level {
	DIAG_OK = 0,
	DIAG_WARNING = 1,
	DIAG_ERROR = 2,
};

/*
 * Print one message on the diagnostic stream (stderr unless diag_set_stream
 * says otherwise), escaped as escape.h says (control bytes and bidi
 * controls as \xHH), since messages quote the profile's text.  file may be NULL (no location); line 0 means "no line".
 * Warnings say "warning: " after the location; errors say nothing extra.
 * The worst level seen is kept for diag_worst().
 */
void diag(enum diag_level level, const char *file, uint64_t line,
	  const char *fmt, ...) __attribute__((format(printf, 4, 5)));
enum diag_level diag_worst(void);
void diag_reset(void);
void diag_set_stream(FILE *f);
/* Warnings beyond this many per file are counted, not printed. */
#define DIAG_MAX_WARNINGS 20
/* Warnings printed (0) or not; returns the setting it replaces. */
int diag_quiet_warnings(int quiet);
/*
 * The loader calls begin before reading a file and end after it: end says
 * how many of that file's warnings were counted but not printed, if any.
 */
void diag_warnings_begin(void);
void diag_warnings_end(const char *file);

/* Quote at most 60 bytes of s for a message, escaping controls. */
const char *diag_quote(const char *s, size_t len);
/* The same for all of s, in malloc'ed memory. */
char *diag_quote_all(const char *s);

#endif
