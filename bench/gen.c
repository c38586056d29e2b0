/* gen: writes large, deterministic, realistic Callgrind profiles for the benchmark. */

/*
 * The profile looks like one of `valgrind --tool=callgrind --dump-instr=yes
 * --collect-jumps=yes` on a big C++ program: "positions: instr line", name
 * compression with ids handed out in a shuffled order (so they appear out of
 * order), relative positions, long C++ names, functions split over several
 * fn= blocks, inlined code (fi=/fe=), calls (cob=/cfi=/cfn=/calls=),
 * jumps (jump=/jcnd=, jfi=).  The mix of line kinds follows the two
 * --dump-instr profiles of the corpus (about 81% cost lines, 4% jcnd=,
 * 1.4% jump=, 2.3% calls=; half the cost lines say "*" for the line).
 *
 * Costs are consistent: the call graph is a DAG (a function only calls
 * functions of higher index), the inclusive cost of a function is its self
 * cost plus what it passes to its callees, and that inclusive cost is
 * split exactly among its callers.  So no inclusive cost passes the total
 * and annogrind loads the file without a warning.
 *
 * Everything is a function of the seed and the options: the same command
 * writes the same bytes.  The program total of each event is printed on
 * stderr ("total: ..."), for checking what a loader read.
 *
 * usage: gen [-s SIZE] [-f FNS] [-r PARTS] [-e EVENTS] [-b BLANKS] [-L LINES] [-S SEED]
 *   -s SIZE    about SIZE bytes of distinct content per part (k, M, G suffixes) [20M]
 *   -f FNS     exactly FNS functions instead of a size
 *   -r PARTS   write the same part PARTS times (part: 1, 2, ...) [1]
 *   -e EVENTS  number of events, 1..9 (Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw) [1]
 *   -b BLANKS  blank lines after each fn= block (to pass 2^31 lines cheaply) [0]
 *   -L LINES   as many blank lines after each block as it takes to write at
 *              least LINES lines in all (instead of -b)
 *   -S SEED    seed [1]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAXEV 9

static const char *const ev_names[MAXEV] = {
	"Ir", "Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw"
};

/* ---- deterministic random numbers: splitmix64 ---- */

static uint64_t mix(uint64_t x)
{
	x += 0x9E3779B97F4A7C15ull;
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
	x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
	return x ^ (x >> 31);
}

struct rng {
	uint64_t s;
};

static uint64_t rnd(struct rng *r)
{
	r->s += 0x9E3779B97F4A7C15ull;
	return mix(r->s);
}

/* uniform in [0, n) */
static uint32_t below(struct rng *r, uint32_t n)
{
	return (uint32_t)(((rnd(r) >> 32) * (uint64_t)n) >> 32);
}


/* ---- output: a big buffer; a NULL stream only counts ---- */

static FILE *out_f;
static char obuf[1 << 20];
static size_t opos;
static uint64_t out_bytes, out_lines;

static void flush_out(void)
{
	if (out_f && opos && fwrite(obuf, 1, opos, out_f) != opos) {
		perror("gen: write");
		exit(1);
	}
	out_bytes += opos;
	opos = 0;
}

static inline void need(size_t n)
{
	if (opos + n > sizeof(obuf))
		flush_out();
}

static inline void put_mem(const char *s, size_t n)
{
	need(n);
	memcpy(obuf + opos, s, n);
	opos += n;
}

static inline void put_s(const char *s)
{
	put_mem(s, strlen(s));
}

static inline void put_c(char c)
{
	need(1);
	obuf[opos++] = c;
	if (c == '\n')
		out_lines++;
}

static inline void put_u(uint64_t v)
{
	char t[24];
	int n = 0;
	need(24);
	do {
		t[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		obuf[opos++] = t[--n];
}

static inline void put_x(uint64_t v)
{
	static const char hex[] = "0123456789abcdef";
	char t[24];
	int n = 0;
	need(24);
	do {
		t[n++] = hex[v & 15];
		v >>= 4;
	} while (v);
	obuf[opos++] = '0';
	obuf[opos++] = 'x';
	while (n)
		obuf[opos++] = t[--n];
}

static inline void nl(void)
{
	put_c('\n');
}

/* ---- the program being "profiled" ---- */

static const char *const w_ns[] = {
	"core", "engine", "render", "net", "io", "util", "detail", "impl", "storage",
	"query", "sched", "gfx", "audio", "physics", "script", "db", "json", "http",
};
static const char *const w_cls[] = {
	"Buffer", "Widget", "Node", "Tree", "Map", "Pool", "Allocator", "Stream",
	"Parser", "Session", "Handler", "Context", "Manager", "Visitor", "Builder",
	"Task", "Queue", "Cache", "Index", "Matrix", "Vector", "Shader", "Mesh",
};
static const char *const w_verb[] = {
	"process", "update", "find", "insert", "erase", "resize", "dispatch", "visit",
	"compute", "flush", "serialize", "parse", "emplace", "rebalance", "lookup",
	"apply", "merge", "reserve", "invoke", "operator()", "operator<", "operator=",
};
static const char *const w_noun[] = {
	"chunk", "node", "entry", "frame", "block", "range", "token", "edge", "key",
	"slot", "page", "batch", "item", "row", "segment",
};
static const char *const w_type[] = {
	"int", "unsigned long", "double", "char const*", "bool", "float",
	"std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >",
	"std::vector<int, std::allocator<int> >",
	"std::shared_ptr<core::Node>", "std::pair<unsigned int, float>",
	"std::unique_ptr<engine::Task, std::default_delete<engine::Task> >",
	"std::map<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, int, std::less<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > >, std::allocator<std::pair<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > const, int> > >",
};
static const char *const w_hdr[] = {
	"stl_vector.h", "stl_tree.h", "basic_string.h", "shared_ptr_base.h",
	"stl_algo.h", "hashtable.h", "unique_ptr.h", "stl_iterator.h", "move.h",
	"char_traits.h", "stl_heap.h", "atomic_base.h", "std_function.h",
};
static const char *const w_obj[] = {
	"/opt/bigapp/bin/bigapp", "/opt/bigapp/lib/libbigcore.so.3",
	"/opt/bigapp/lib/librender.so.3", "/usr/lib/x86_64-linux-gnu/libstdc++.so.6.0.30",
	"/usr/lib/x86_64-linux-gnu/libc.so.6", "/usr/lib/x86_64-linux-gnu/libm.so.6",
	"/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2", "/opt/bigapp/lib/libnet.so.3",
};
#define N_OF(a) (sizeof(a) / sizeof((a)[0]))
#define NOBJ ((uint32_t)N_OF(w_obj))

struct fn {
	uint32_t file, obj, nseg;
	uint32_t fid;		/* compressed id */
	uint64_t addr, line;
	uint32_t exec;		/* base execution count */
	unsigned nodebug:1;
	uint32_t call0, ncalls;	/* its calls in the call array */
};

struct call {
	uint32_t callee;
	uint32_t count;
	uint64_t cost[MAXEV];	/* inclusive cost passed along this call */
};

static uint32_t nev = 1, blanks;
static uint64_t seed = 1;
static struct fn *fns;
static uint32_t nfns, nsrc, nhdr;
static struct call *calls;
static uint32_t ncalls;
static uint32_t *file_id, *obj_id;	/* compressed ids of files (src then hdr) and objects */
static unsigned char *fn_def, *file_def, *obj_def;	/* defined in this part */
static uint64_t (*seg_self)[MAXEV];	/* self cost of each segment, from the counting pass */
static uint32_t *seg_first;	/* index of fn i's first segment */
static uint64_t total[MAXEV];
static uint64_t part_lines;	/* lines of one part, from the counting pass (about) */

static void put_fn_name(uint32_t i)
{
	uint64_t h = mix(seed * 7919 + i);
	uint32_t nargs = (uint32_t)(h >> 60) % 4, a;

	put_s(w_ns[h % N_OF(w_ns)]);
	put_s("::");
	put_s(w_ns[(h >> 8) % N_OF(w_ns)]);
	put_s("::");
	put_s(w_cls[(h >> 16) % N_OF(w_cls)]);
	if (h & (1ull << 40)) {
		put_c('<');
		put_s(w_type[(h >> 24) % N_OF(w_type)]);
		put_s(">");
	}
	put_s("::");
	put_s(w_verb[(h >> 32) % N_OF(w_verb)]);
	put_c('_');
	put_s(w_noun[(h >> 44) % N_OF(w_noun)]);
	put_c('_');
	put_u(i);	/* unique */
	put_c('(');
	for (a = 0; a < nargs; a++) {
		if (a)
			put_s(", ");
		put_s(w_type[mix(h + a) % N_OF(w_type)]);
		if (a == 1)
			put_s(" const&");
	}
	put_c(')');
	if (h & (1ull << 50))
		put_s(" const");
}

static void put_file_name(uint32_t f)
{
	if (f < nsrc) {
		uint64_t h = mix(seed * 31 + f);
		put_s("/home/build/bigapp/src/");
		put_s(w_ns[h % N_OF(w_ns)]);
		put_c('/');
		put_s(w_noun[(h >> 8) % N_OF(w_noun)]);
		put_c('_');
		put_u(f);
		put_s(".cpp");
	} else {
		uint32_t k = f - nsrc;
		if (k < N_OF(w_hdr)) {
			put_s("/build/gcc-12/libstdc++-v3/include/bits/");
			put_s(w_hdr[k]);
		} else {
			put_s("/home/build/bigapp/include/");
			put_s(w_cls[k % N_OF(w_cls)]);
			put_u(k);
			put_s(".hpp");
		}
	}
}

/* "(id) name" the first time in a part, "(id)" after */
static void put_ref_fn(uint32_t i)
{
	put_c('(');
	put_u(fns[i].fid);
	put_c(')');
	if (!fn_def[i]) {
		fn_def[i] = 1;
		put_c(' ');
		put_fn_name(i);
	}
	nl();
}

static void put_ref_file(uint32_t f)
{
	put_c('(');
	put_u(file_id[f]);
	put_c(')');
	if (!file_def[f]) {
		file_def[f] = 1;
		put_c(' ');
		put_file_name(f);
	}
	nl();
}

static void put_ref_obj(uint32_t o)
{
	put_c('(');
	put_u(obj_id[o]);
	put_c(')');
	if (!obj_def[o]) {
		obj_def[o] = 1;
		put_c(' ');
		put_s(w_obj[o]);
	}
	nl();
}

/* Cost columns of one instruction executed `exec` times; trailing zeros left out. */
static void put_costs(uint64_t exec, uint64_t h, uint64_t *sum)
{
	uint64_t v[MAXEV];
	uint32_t e, last = 0;

	for (e = 0; e < nev; e++) {
		switch (e) {
		case 0: v[e] = exec; break;
		case 1: v[e] = (h >> 3) & 1 ? exec : 0; break;
		case 2: v[e] = (h >> 5) % 4 == 0 ? exec : 0; break;
		default: v[e] = (h >> (6 + e)) % 64 == 0 ? exec / 16 : 0; break;
		}
		if (v[e])
			last = e + 1;
		sum[e] += v[e];
	}
	for (e = 0; e < last; e++) {
		put_c(' ');
		put_u(v[e]);
	}
}

/*
 * One fn= block (segment k of function i): its cost lines, jumps, inlined
 * code and the calls given to this segment.  Self costs are added to sum.
 */
static void segment(uint32_t i, uint32_t k, uint64_t *sum, uint32_t *cur_file)
{
	struct fn *f = &fns[i];
	struct rng r = { mix(seed ^ ((uint64_t)i << 20) ^ k) };
	uint32_t n = 12 + below(&r, 90), j;
	uint32_t ncall = 0, c0 = 0, next_call;
	uint64_t addr = f->addr + (uint64_t)k * 4096, line = f->line + k * 40;
	uint64_t exec = f->exec;
	int in_hdr = 0;

	/* calls c with c % nseg == k belong to this segment */
	for (j = 0; j < f->ncalls; j++)
		if (j % f->nseg == k)
			ncall++;
	next_call = ncall ? n / (ncall + 1) : UINT32_MAX;
	c0 = k;

	put_x(addr);
	put_c(' ');
	put_u(f->nodebug ? 0 : line);
	put_costs(exec, rnd(&r), sum);
	nl();
	for (j = 1; j < n; j++) {
		uint64_t h = rnd(&r);
		uint32_t d = 1 + (uint32_t)(h % 7), p = (uint32_t)((h >> 8) % 1000);

		/* inlined code from a header, 3% of instructions start a run */
		if (!f->nodebug && !in_hdr && p < 30 && nhdr) {
			uint32_t hf = nsrc + (uint32_t)((h >> 20) % nhdr);
			put_s("fi=");
			put_ref_file(hf);
			*cur_file = hf;
			in_hdr = 2 + (int)((h >> 40) % 8);
			addr += d;
			put_c('+');
			put_u(d);
			put_c(' ');
			line = 20 + (h >> 44) % 300;
			put_u(line);
			put_costs(exec, h, sum);
			nl();
			continue;
		}
		if (in_hdr && --in_hdr == 0) {
			put_s("fe=");
			put_ref_file(f->file);
			*cur_file = f->file;
			line = f->line + k * 40 + (h >> 36) % 30;
			addr += d;
			put_c('+');
			put_u(d);
			put_c(' ');
			put_u(line);
			put_costs(exec, h, sum);
			nl();
			continue;
		}
		/* the instruction position: mostly +d, sometimes absolute or back */
		if (p < 20) {
			addr += 64 + (h >> 16) % 512;
			put_x(addr);
		} else if (p < 28 && addr > f->addr + d) {
			addr -= d;
			put_c('-');
			put_u(d);
		} else {
			addr += d;
			put_c('+');
			put_u(d);
		}
		put_c(' ');
		/* the line: half "*", then +k, -k, absolute */
		if (f->nodebug) {
			put_c('0');
		} else {
			uint32_t q = (uint32_t)((h >> 24) % 1000);
			if (q < 550) {
				put_c('*');
			} else if (q < 850) {
				uint32_t dl = 1 + (uint32_t)((h >> 34) % 3);
				line += dl;
				put_c('+');
				put_u(dl);
			} else if (q < 985 && line > 8) {
				uint32_t dl = 1 + (uint32_t)((h >> 34) % 4);
				line -= dl;
				put_c('-');
				put_u(dl);
			} else {
				line = f->line + (h >> 34) % 60;
				put_u(line);
			}
		}
		put_costs(exec, h, sum);
		nl();

		/* a call after this instruction */
		if (j >= next_call && ncall) {
			uint32_t ci = f->call0 + c0, e;
			struct call *c = &calls[ci];
			struct fn *g = &fns[c->callee];
			if (g->obj != f->obj) {
				put_s("cob=");
				put_ref_obj(g->obj);
			}
			if (g->file != *cur_file) {
				put_s("cfi=");
				put_ref_file(g->file);
			}
			put_s("cfn=");
			put_ref_fn(c->callee);
			put_s("calls=");
			put_u(c->count);
			put_c(' ');
			put_x(g->addr);
			put_c(' ');
			put_u(g->nodebug ? 0 : g->line);
			nl();
			put_s("* *");
			{
				uint32_t last = 0;
				for (e = 0; e < nev; e++)
					if (c->cost[e])
						last = e + 1;
				if (!last)
					last = 1;
				for (e = 0; e < last; e++) {
					put_c(' ');
					put_u(c->cost[e]);
				}
			}
			nl();
			ncall--;
			c0 += f->nseg;
			next_call = ncall ? j + (n - j) / (ncall + 1) : UINT32_MAX;
			if (next_call <= j)
				next_call = j + 1;
			continue;
		}
		/* jumps: about 5% of instructions */
		if (p >= 940) {
			uint64_t taken;
			if (p >= 985 && nhdr) {
				put_s("jfi=");
				put_ref_file(nsrc + (uint32_t)((h >> 40) % nhdr));
			}
			if (p < 980) {
				taken = exec ? (h >> 40) % (exec + 1) : 0;
				put_s("jcnd=");
				put_u(taken);
				put_c('/');
				put_u(exec);
			} else {
				taken = exec;
				put_s("jump=");
				put_u(exec);
			}
			put_c(' ');
			if ((h >> 50) & 1) {
				put_c('+');
				put_u(8 + (h >> 52) % 100);
				put_s(" +");
				put_u((h >> 58) % 9);
			} else {
				put_x(f->addr + (h >> 45) % 2048);
				put_c(' ');
				put_u(f->nodebug ? 0 : f->line + (h >> 52) % 60);
			}
			nl();
			put_s("* *");
			nl();
			/* after a branch the count changes a little */
			if (p < 980 && exec > 2)
				exec = exec - taken / 2 + (h >> 60);
		}
	}
	if (in_hdr) {
		put_s("fe=");
		put_ref_file(f->file);
		*cur_file = f->file;
	}
	/* calls not placed yet (short segments) */
	while (ncall) {
		uint32_t ci = f->call0 + c0, e, last = 0;
		struct call *c = &calls[ci];
		struct fn *g = &fns[c->callee];
		put_s("+2 *");
		put_costs(exec, 0, sum);
		nl();
		if (g->obj != f->obj) {
			put_s("cob=");
			put_ref_obj(g->obj);
		}
		if (g->file != *cur_file) {
			put_s("cfi=");
			put_ref_file(g->file);
		}
		put_s("cfn=");
		put_ref_fn(c->callee);
		put_s("calls=");
		put_u(c->count);
		put_c(' ');
		put_x(g->addr);
		put_c(' ');
		put_u(g->nodebug ? 0 : g->line);
		nl();
		put_s("* *");
		for (e = 0; e < nev; e++)
			if (c->cost[e])
				last = e + 1;
		if (!last)
			last = 1;
		for (e = 0; e < last; e++) {
			put_c(' ');
			put_u(c->cost[e]);
		}
		nl();
		ncall--;
		c0 += f->nseg;
	}
}

/* ---- building the program ---- */

static void shuffle_ids(uint32_t *ids, uint32_t n, struct rng *r)
{
	uint32_t i;
	for (i = 0; i < n; i++)
		ids[i] = i + 1;
	for (i = n; i > 1; i--) {
		uint32_t j = below(r, i), t = ids[i - 1];
		ids[i - 1] = ids[j];
		ids[j] = t;
	}
}

struct seg {
	uint32_t fn, k;
	uint64_t key;
};

static int seg_cmp(const void *a, const void *b)
{
	const struct seg *x = a, *y = b;
	return x->key < y->key ? -1 : x->key > y->key;
}

static void build(void)
{
	struct rng r = { seed };
	uint32_t i, *ids, nseg = 0;
	uint64_t addr = 0x10000;

	nsrc = nfns / 10 + 1;
	nhdr = (uint32_t)N_OF(w_hdr) + nfns / 60;
	fns = calloc(nfns, sizeof(*fns));
	ids = malloc((size_t)nfns * sizeof(*ids));
	file_id = malloc((size_t)(nsrc + nhdr) * sizeof(*file_id));
	obj_id = malloc(NOBJ * sizeof(*obj_id));
	fn_def = calloc(nfns, 1);
	file_def = calloc(nsrc + nhdr, 1);
	obj_def = calloc(NOBJ, 1);
	seg_first = malloc(((size_t)nfns + 1) * sizeof(*seg_first));
	if (!fns || !ids || !file_id || !obj_id || !fn_def || !file_def || !obj_def || !seg_first) {
		fputs("gen: out of memory\n", stderr);
		exit(1);
	}
	shuffle_ids(ids, nfns, &r);
	for (i = 0; i < nfns; i++)
		fns[i].fid = ids[i];
	free(ids);
	shuffle_ids(file_id, nsrc + nhdr, &r);
	shuffle_ids(obj_id, NOBJ, &r);

	/* functions, with about three calls each to functions of higher index */
	calls = malloc(((size_t)nfns * 4 + 1) * sizeof(*calls));
	if (!calls) {
		fputs("gen: out of memory\n", stderr);
		exit(1);
	}
	for (i = 0; i < nfns; i++) {
		struct fn *f = &fns[i];
		uint64_t h = rnd(&r);
		uint32_t nc = i + 1 < nfns ? (uint32_t)(h % 5) : 0, c;
		f->file = (uint32_t)(((uint64_t)i * nsrc) / nfns);	/* files hold neighbours */
		f->obj = (uint32_t)(((uint64_t)f->file * NOBJ) / nsrc);
		f->nseg = 1 + (uint32_t)((h >> 8) % 100 < 30) + (uint32_t)((h >> 16) % 100 < 10);
		f->addr = addr;
		addr += 0x4000 + ((h >> 20) % 0x2000);
		f->line = 10 + (h >> 34) % 5000;
		f->nodebug = (h >> 48) % 100 < 12;
		/* a few hot functions, many cold ones */
		f->exec = 1 + (uint32_t)(((h >> 52) % 1000) * ((h >> 52) % 1000) / (1 + (h >> 40) % 97));
		f->call0 = ncalls;
		for (c = 0; c < nc; c++) {
			uint32_t span = nfns - i - 1, callee;
			/* mostly near, sometimes anywhere further down */
			callee = i + 1 + ((h >> (24 + c)) & 1 ? below(&r, span) : below(&r, span < 64 ? span : 64));
			calls[ncalls].callee = callee;
			calls[ncalls].count = 1 + below(&r, 1000);
			ncalls++;
		}
		f->ncalls = nc;
		seg_first[i] = nseg;
		nseg += f->nseg;
	}
	seg_first[nfns] = nseg;
	seg_self = calloc(nseg, sizeof(*seg_self));
	if (!seg_self) {
		fputs("gen: out of memory\n", stderr);
		exit(1);
	}
}

/*
 * Self costs of every segment (a counting pass, nothing written), then the
 * inclusive costs bottom-up, each split among the callers by call count.
 */
static void costs(void)
{
	uint64_t (*incl)[MAXEV] = calloc(nfns, sizeof(*incl));
	uint64_t *wsum = calloc(nfns, sizeof(*wsum));
	uint64_t (*given)[MAXEV] = calloc(nfns, sizeof(*given));
	uint32_t *ncallers = calloc(nfns, sizeof(*ncallers)), *seen = calloc(nfns, sizeof(*seen));
	uint32_t i, k, e, c;
	FILE *save = out_f;

	if (!incl || !wsum || !given || !ncallers || !seen) {
		fputs("gen: out of memory\n", stderr);
		exit(1);
	}
	out_f = NULL;
	for (i = 0; i < nfns; i++) {
		for (k = 0; k < fns[i].nseg; k++) {
			uint32_t cf = fns[i].file;
			/* call costs are not known yet: they do not change self costs */
			segment(i, k, seg_self[seg_first[i] + k], &cf);
		}
	}
	part_lines = out_lines + seg_first[nfns] * 3;	/* fn=, fl= and blank lines */
	opos = 0;
	out_bytes = out_lines = 0;
	memset(fn_def, 0, nfns);
	memset(file_def, 0, nsrc + nhdr);
	memset(obj_def, 0, NOBJ);
	out_f = save;

	for (c = 0; c < ncalls; c++) {
		wsum[calls[c].callee] += calls[c].count;
		ncallers[calls[c].callee]++;
	}
	/* callers have lower indexes: walk down, so callees are done first */
	for (i = nfns; i-- > 0;) {
		for (k = 0; k < fns[i].nseg; k++)
			for (e = 0; e < nev; e++)
				incl[i][e] += seg_self[seg_first[i] + k][e];
		for (e = 0; e < nev; e++)
			total[e] += incl[i][e];	/* self part only, so far */
		for (c = fns[i].call0; c < fns[i].call0 + fns[i].ncalls; c++) {
			uint32_t g = calls[c].callee;
			seen[g]++;
			for (e = 0; e < nev; e++) {
				uint64_t share;
				if (seen[g] == ncallers[g])	/* the last caller takes the rest */
					share = incl[g][e] - given[g][e];
				else
					share = (uint64_t)((unsigned __int128)incl[g][e] * calls[c].count / wsum[g]);
				given[g][e] += share;
				calls[c].cost[e] = share;
				incl[i][e] += share;
			}
		}
	}
	free(incl);
	free(wsum);
	free(given);
	free(ncallers);
	free(seen);
}

/*
 * The order of fn= blocks: by object and file (as callgrind groups them),
 * shuffled inside a file, so the blocks of a function are apart.
 */
static struct seg *order(uint32_t *np)
{
	uint32_t n = seg_first[nfns], i, k, m = 0;
	struct seg *s = malloc(((size_t)n + 1) * sizeof(*s));
	if (!s) {
		fputs("gen: out of memory\n", stderr);
		exit(1);
	}
	for (i = 0; i < nfns; i++)
		for (k = 0; k < fns[i].nseg; k++) {
			s[m].fn = i;
			s[m].k = k;
			s[m].key = ((uint64_t)fns[i].file << 32) | (mix(seed + ((uint64_t)i << 2) + k) >> 32);
			m++;
		}
	qsort(s, m, sizeof(*s), seg_cmp);
	*np = m;
	return s;
}

static void header(uint32_t part, uint32_t nparts)
{
	uint32_t e;
	put_s("# callgrind format\nversion: 1\ncreator: callgrind-3.19.0\npid: 4242\n");
	put_s("cmd:  /opt/bigapp/bin/bigapp --scene city.json --frames 600\n");
	out_lines += 4;
	put_s("part: ");
	put_u(part);
	nl();
	nl();
	nl();
	put_s("desc: I1 cache: \ndesc: D1 cache: \ndesc: LL cache: \n\n");
	put_s("desc: Timerange: Basic block 0 - 987654321\ndesc: Trigger: Program termination\n\n");
	out_lines += 8;
	put_s("positions: instr line");
	nl();
	put_s("events:");
	for (e = 0; e < nev; e++) {
		put_c(' ');
		put_s(ev_names[e]);
	}
	nl();
	put_s("summary:");
	for (e = 0; e < nev; e++) {
		put_c(' ');
		put_u(total[e]);
	}
	nl();
	nl();
	nl();
	(void)nparts;
}

static uint64_t parse_size(const char *s)
{
	char *end;
	uint64_t v = strtoull(s, &end, 10);
	switch (*end) {
	case 'k': case 'K': v <<= 10; break;
	case 'm': case 'M': v <<= 20; break;
	case 'g': case 'G': v <<= 30; break;
	}
	return v;
}

/* Bytes a function takes in the file, measured on this generator's output. */
#define BYTES_PER_FN 1300

int main(int argc, char **argv)
{
	uint64_t size = 20ull << 20;
	uint32_t nparts = 1, part, nseg, s, b, e;
	uint64_t minlines = 0;
	struct seg *segs;
	int opt;

	while ((opt = getopt(argc, argv, "s:f:r:e:b:L:S:")) != -1) {
		switch (opt) {
		case 's': size = parse_size(optarg); break;
		case 'f': nfns = (uint32_t)strtoul(optarg, NULL, 10); break;
		case 'r': nparts = (uint32_t)strtoul(optarg, NULL, 10); break;
		case 'e': nev = (uint32_t)strtoul(optarg, NULL, 10); break;
		case 'b': blanks = (uint32_t)strtoul(optarg, NULL, 10); break;
		case 'L': minlines = parse_size(optarg); break;
		case 'S': seed = strtoull(optarg, NULL, 10); break;
		default:
			fputs("usage: gen [-s SIZE] [-f FNS] [-r PARTS] [-e EVENTS] [-b BLANKS] [-L LINES] [-S SEED]\n",
			      stderr);
			return 2;
		}
	}
	if (nev < 1 || nev > MAXEV || nparts < 1) {
		fputs("gen: bad -e or -r\n", stderr);
		return 2;
	}
	if (!nfns)
		nfns = (uint32_t)(size / BYTES_PER_FN) + 2;
	build();
	costs();
	segs = order(&nseg);
	if (minlines && minlines / nparts > part_lines)
		blanks = (uint32_t)((minlines / nparts - part_lines) / nseg + 2);
	out_f = stdout;
	for (part = 1; part <= nparts; part++) {
		uint32_t cur_obj = UINT32_MAX, cur_file = UINT32_MAX;
		memset(fn_def, 0, nfns);
		memset(file_def, 0, nsrc + nhdr);
		memset(obj_def, 0, NOBJ);
		header(part, nparts);
		for (s = 0; s < nseg; s++) {
			struct fn *f = &fns[segs[s].fn];
			uint64_t dummy[MAXEV];
			if (f->obj != cur_obj) {
				put_s("ob=");
				put_ref_obj(f->obj);
				cur_obj = f->obj;
			}
			if (f->file != cur_file) {
				put_s("fl=");
				put_ref_file(f->file);
				cur_file = f->file;
			}
			put_s("fn=");
			put_ref_fn(segs[s].fn);
			memset(dummy, 0, sizeof(dummy));
			segment(segs[s].fn, segs[s].k, dummy, &cur_file);
			nl();
			for (b = 0; b < blanks; b++)
				nl();
		}
		put_s("totals:");
		for (e = 0; e < nev; e++) {
			put_c(' ');
			put_u(total[e]);
		}
		nl();
	}
	flush_out();
	if (fflush(stdout)) {
		perror("gen: write");
		return 1;
	}
	fprintf(stderr, "gen: %u functions, %u blocks, %u parts, %" PRIu64 " bytes, %" PRIu64
		" lines\ntotal:", nfns, nseg, nparts, out_bytes, out_lines);
	for (e = 0; e < nev; e++)
		fprintf(stderr, " %" PRIu64, total[e] * nparts);
	fputc('\n', stderr);
	return 0;
}
