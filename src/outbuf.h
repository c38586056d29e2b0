/* outbuf: a write buffer for the large machine-readable reports (JSON, TSV). */
#ifndef ANNOGRIND_OUTBUF_H
#define ANNOGRIND_OUTBUF_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/*
 * Bytes are collected in buf and handed to the FILE in large blocks, so a
 * report of hundreds of megabytes costs no stdio call per character.
 * outbuf_flush() must be called at the end; write errors show on the FILE
 * (ferror), as with stdio.
 */
#define OUTBUF_SIZE 65536

struct outbuf {
	FILE *f;
	size_t len;
	char buf[OUTBUF_SIZE];
};

void outbuf_init(struct outbuf *o, FILE *f);
void outbuf_flush(struct outbuf *o);
void outbuf_write(struct outbuf *o, const char *s, size_t n);
/* Decimal digits of v. */
void outbuf_u64(struct outbuf *o, uint64_t v);

static inline void outbuf_putc(struct outbuf *o, char c)
{
	if (o->len == OUTBUF_SIZE)
		outbuf_flush(o);
	o->buf[o->len++] = c;
}

static inline void outbuf_puts(struct outbuf *o, const char *s)
{
	outbuf_write(o, s, strlen(s));
}

#endif
