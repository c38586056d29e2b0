/* numfmt: numbers as callgrind_annotate prints them (thousands separators, percentages). */
#include "numfmt.h"

#include <stdio.h>

size_t numfmt_commify(uint64_t v, char *buf)
{
	char tmp[32];
	size_t n = 0, len, i, o = 0;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	len = n + (n - 1) / 3;
	for (i = 0; i < n; i++) {
		buf[o++] = tmp[n - 1 - i];
		if ((n - 1 - i) % 3 == 0 && i != n - 1)
			buf[o++] = ',';
	}
	buf[o] = '\0';
	return len;
}

size_t numfmt_commify_as(uint64_t v, int sgn, char *buf)
{
	if (sgn && (int64_t)v < 0) {
		buf[0] = '-';
		return 1 + numfmt_commify(0 - v, buf + 1);
	}
	return numfmt_commify(v, buf);
}

size_t numfmt_width_as(uint64_t v, int sgn)
{
	if (sgn && (int64_t)v < 0)
		return 1 + numfmt_width(0 - v);
	return numfmt_width(v);
}

size_t numfmt_width(uint64_t v)
{
	size_t n = 1;
	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n + (n - 1) / 3;
}

size_t numfmt_perc(double perc, char *buf)
{
	int n;

	if (perc >= 0 && perc < 99.995) {
		/* " (%5.2f%%)" without printf (a report prints thousands): the
		   hundredths, unless so near a half that only printf's exact
		   rounding of the binary value can tell */
		double x = perc * 100, f = x - (double)(uint64_t)x;
		if (f < 0.4999999 || f > 0.5000001) {
			uint64_t h = (uint64_t)(x + 0.5), ip = h / 100, fr = h % 100;
			char *o = buf;
			*o++ = ' ';
			*o++ = '(';
			if (ip < 10)
				*o++ = ' ';
			if (ip >= 10)
				*o++ = (char)('0' + ip / 10);
			*o++ = (char)('0' + ip % 10);
			*o++ = '.';
			*o++ = (char)('0' + fr / 10);
			*o++ = (char)('0' + fr % 10);
			*o++ = '%';
			*o++ = ')';
			*o = '\0';
			return (size_t)(o - buf);
		}
	}
	if (-9.995 < perc && perc < 99.995)
		n = snprintf(buf, 32, " (%5.2f%%)", perc);
	else
		n = snprintf(buf, 32, " (%5.1f%%)", perc);
	return n < 0 ? 0 : (size_t)n;
}
