/* events: the event list of a profile, long names, and inherited (derived) events. */
#ifndef ANNOGRIND_EVENTS_H
#define ANNOGRIND_EVENTS_H

#include <stddef.h>
#include <stdint.h>

/*
 * Raw events come from "events:"; inherited events from "event: N = FORMULA"
 * and follow the raw ones, in the order their lines appeared.  A formula is a
 * sum of terms "[COEF [*]] NAME"; it is expanded into raw events when the
 * list is frozen, once and without recursion (in an order where each
 * formula comes after those it names), each raw event once with the sum
 * of its coefficients, so a derived value is one short dot product.  All
 * strings are owned by the struct and freed by events_release().
 *
 * Limits, each with its own message: at most EV_MAX_EVENTS events (raw
 * and derived); a formula adds up at most EV_MAX_TERMS raw events (once
 * expanded), and the formulas of a profile at most EV_MAX_ALL_TERMS in
 * all, so no profile can make the expansion or the per-cost evaluation
 * grow faster than its text.
 */
#define EV_MAX_EVENTS 65536
#define EV_MAX_TERMS 256
#define EV_MAX_ALL_TERMS (1u << 20)

struct ev_term {
	uint64_t coef;
	size_t raw;		/* index of a raw event */
};

struct event {
	char *name;
	char *longname;		/* NULL when none was given */
	char *formula;		/* as written; NULL for raw events */
	struct ev_term *terms;
	size_t nterms;
	size_t min_raw;		/* a derived value is defined when this raw one is */
};

struct events {
	struct event *ev;
	size_t n;		/* raw + derived, valid once frozen */
	size_t nraw;
	int frozen;
	/* "event:" lines seen, kept until freezing */
	struct ev_spec {
		char *name, *formula, *longname;
		uint64_t line;
	} *spec;
	size_t nspec, capspec, capev;
	/* private: the events by name (open addressing, 1 + index; 0 empty) */
	uint32_t *idx;
	size_t idxcap;
};

void events_init(struct events *e);
void events_release(struct events *e);

/* Set the raw list from the text after "events:"; returns 0, or -1 with err. */
int events_set_raw(struct events *e, const char *text, size_t len,
		   char *err, size_t errlen);
/* Does "events:" text name the same list as the one set? */
int events_same_raw(const struct events *e, const char *text, size_t len);
/* Remember an "event:" line (text after the colon). */
int events_add_spec(struct events *e, const char *text, size_t len,
		    uint64_t line, char *err, size_t errlen);
/* Resolve formulas; on error sets *errline to the offending event: line. */
int events_freeze(struct events *e, uint64_t *errline, char *err, size_t errlen);

/* Index of NAME, or -1. */
long events_find(const struct events *e, const char *name, size_t len);

/* Fill v[nraw..n) from v[0..nraw); -1 when a value overflows 64 bits. */
int events_derive(const struct events *e, uint64_t *v);

/* Is column i defined in a cost whose first ndef raw columns are defined? */
static inline int events_defined(const struct events *e, size_t i, uint32_t ndef)
{
	return i < e->nraw ? i < ndef : e->ev[i].min_raw < ndef;
}

#endif
