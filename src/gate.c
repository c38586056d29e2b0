/* gate: hotspot limits given with --limit, checked against a loaded profile. */
#include "gate.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "numfmt.h"

static int bad(char *err, size_t errlen, const char *spec, const char *why)
{
	snprintf(err, errlen, "bad --limit '%.60s': %s", spec, why);
	return -1;
}

/* "123", "1,234,567" or "1_234_567"; a percentage "2.5%" from 0 to 100. */
static int parse_max(struct gate *g, const char *s, char *err, size_t errlen)
{
	size_t len = strlen(s), i, digits = 0, dots = 0;

	if (len && s[len - 1] == '%') {
		char *end;
		for (i = 0; i + 1 < len; i++) {
			if (s[i] == '.')
				dots++;
			else if (s[i] >= '0' && s[i] <= '9')
				digits++;
			else
				break;
		}
		if (i + 1 < len || !digits || dots > 1)
			return bad(err, errlen, g->spec, "want a count or a percentage after '='");
		g->max_pct = strtod(s, &end);
		if (g->max_pct > 100)
			return bad(err, errlen, g->spec, "a percentage is at most 100");
		g->is_pct = 1;
		return 0;
	}
	g->max = 0;
	for (i = 0; i < len; i++) {
		unsigned d;
		if ((s[i] == ',' || s[i] == '_') && digits)
			continue;
		if (s[i] < '0' || s[i] > '9')
			return bad(err, errlen, g->spec, "want a count or a percentage after '='");
		d = (unsigned)(s[i] - '0');
		if (g->max > (UINT64_MAX - d) / 10)
			return bad(err, errlen, g->spec, "the count does not fit in 64 bits");
		g->max = g->max * 10 + d;
		digits++;
	}
	if (!digits)
		return bad(err, errlen, g->spec, "want a count or a percentage after '='");
	return 0;
}

int gate_parse(struct gate *g, const char *spec, char *err, size_t errlen)
{
	const char *eq = strrchr(spec, '='), *c1, *c2;

	memset(g, 0, sizeof(*g));
	g->spec = spec;
	if (!eq)
		return bad(err, errlen, spec, "no '=MAX'");
	if (parse_max(g, eq + 1, err, errlen))
		return -1;
	c1 = memchr(spec, ':', (size_t)(eq - spec));
	if (!c1) {
		g->kind = GATE_TOTAL;
		c1 = eq;
	} else {
		c2 = memchr(c1 + 1, ':', (size_t)(eq - c1 - 1));
		if (!c2 || c2 + 1 == eq)
			return bad(err, errlen, spec, "want EVENT=MAX or EVENT:self|incl:FUNCTION=MAX");
		if (c2 - c1 - 1 == 4 && !memcmp(c1 + 1, "self", 4))
			g->kind = GATE_SELF;
		else if (c2 - c1 - 1 == 4 && !memcmp(c1 + 1, "incl", 4))
			g->kind = GATE_INCL;
		else
			return bad(err, errlen, spec, "want 'self' or 'incl' after the event");
		g->pattern = xmalloc((size_t)(eq - c2));
		memcpy(g->pattern, c2 + 1, (size_t)(eq - c2 - 1));
		g->pattern[eq - c2 - 1] = '\0';
	}
	if (c1 == spec) {
		free(g->pattern);
		g->pattern = NULL;
		return bad(err, errlen, spec, "no event name");
	}
	g->event = xmalloc((size_t)(c1 - spec) + 1);
	memcpy(g->event, spec, (size_t)(c1 - spec));
	g->event[c1 - spec] = '\0';
	return 0;
}

void gate_release(struct gate *g)
{
	free(g->event);
	free(g->pattern);
	memset(g, 0, sizeof(*g));
}

int gate_resolve(struct gate *g, const struct profile *p, char *err, size_t errlen)
{
	long k = events_find(&p->ev, g->event, strlen(g->event));
	if (k < 0) {
		snprintf(err, errlen, "--limit event '%.60s' is not in the profile", g->event);
		return -1;
	}
	g->ev = (size_t)k;
	return 0;
}

static uint64_t value(const struct profile *p, const struct cc *c, size_t ev)
{
	return c && cc_defined(p, c, ev) ? c->v[ev] : 0;
}

static int picks(const struct gate *g, const struct fn *f)
{
	char full[4096];

	if (!strcmp(g->pattern, f->k.name) || !fnmatch(g->pattern, f->k.name, 0))
		return 1;
	snprintf(full, sizeof(full), "%s:%s", f->k.file->name, f->k.name);
	return !strcmp(g->pattern, full) || !fnmatch(g->pattern, full, 0);
}

/* Is v over the limit, given the program total? */
static int over(const struct gate *g, uint64_t v, uint64_t total)
{
	if (!g->is_pct)
		return v > g->max;
	if (!total)
		return v > 0;
	return (double)v * 100.0 / (double)total > g->max_pct;
}

static void measured(FILE *out, uint64_t v, uint64_t total)
{
	char num[32], tot[32];

	numfmt_commify(v, num);
	numfmt_commify(total, tot);
	if (total)
		fprintf(out, "%s (%.2f%% of %s)\n", num, (double)v * 100.0 / (double)total, tot);
	else
		fprintf(out, "%s (of a total of 0)\n", num);
}

size_t gate_check(const struct gate *g, const struct profile *p, FILE *out)
{
	const char *evname = p->ev.ev[g->ev].name;
	uint64_t total = value(p, p->total, g->ev);
	size_t i, broken = 0, picked = 0;

	if (g->kind == GATE_TOTAL) {
		if (!over(g, total, total))
			return 0;
		fprintf(out, "annogrind: limit '%s' exceeded: program total of %s is ", g->spec,
			evname);
		measured(out, total, total);
		return 1;
	}
	for (i = 0; i < p->nfns; i++) {
		const struct fn *f = p->fns[i];
		uint64_t v;
		if (!picks(g, f))
			continue;
		picked++;
		v = value(p, g->kind == GATE_SELF ? f->self : fn_incl(p, f), g->ev);
		if (!over(g, v, total))
			continue;
		fprintf(out, "annogrind: limit '%s' exceeded: %s:%s has %s %s ", g->spec,
			f->k.file->name, f->k.name, g->kind == GATE_SELF ? "self" : "inclusive",
			evname);
		measured(out, v, total);
		broken++;
	}
	if (!picked) {
		fprintf(out, "annogrind: limit '%s' picks no function of the profile\n", g->spec);
		broken++;
	}
	return broken;
}
