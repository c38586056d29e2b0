/* outbuf: a write buffer for the large machine-readable reports (JSON, TSV). */
#include "outbuf.h"

void outbuf_init(struct outbuf *o, FILE *f)
{
	o->f = f;
	o->len = 0;
}

void outbuf_flush(struct outbuf *o)
{
	if (o->len)
		fwrite(o->buf, 1, o->len, o->f);
	o->len = 0;
}

void outbuf_write(struct outbuf *o, const char *s, size_t n)
{
	if (n > OUTBUF_SIZE - o->len) {
		outbuf_flush(o);
		if (n > OUTBUF_SIZE) {
			fwrite(s, 1, n, o->f);
			return;
		}
	}
	memcpy(o->buf + o->len, s, n);
	o->len += n;
}

void outbuf_u64(struct outbuf *o, uint64_t v)
{
	char tmp[24], *e = tmp + sizeof(tmp), *s = e;

	do {
		*--s = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	outbuf_write(o, s, (size_t)(e - s));
}
