/* test_view: names shortened for graphs, inlined code given to its function, --focus/--ignore/--hide shares. */
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "shortname.h"
#include "suites.h"
#include "view.h"

static void short_is(const char *name, size_t max, const char *want)
{
	char *s = shortname(name, max);
	ck_assert_str_eq(s, want);
	free(s);
}

START_TEST(short_names)
{
	/* short enough: untouched */
	short_is("std::vector<int>::push_back(int const&)", 40,
		 "std::vector<int>::push_back(int const&)");
	/* parameter lists first; "()" stays, "(anonymous namespace)" too */
	short_is("(anonymous namespace)::parse(char const*, unsigned long)", 40,
		 "(anonymous namespace)::parse(\xe2\x80\xa6)");
	short_is("std::basic_string<char, std::char_traits<char> >::basic_string()", 40,
		 "std::basic_string<\xe2\x80\xa6>::basic_string()");
	/* operators are not brackets: operator<, operator>>, operator() */
	short_is("std::basic_istream<char, std::char_traits<char> >& std::operator>><char>(std::basic_istream<char>&, char*)",
		 40, "std::basic_istream<\xe2\x80\xa6>& std::operator>><\xe2\x80\xa6>(\xe2\x80\xa6)");
	short_is("bool std::operator< <int, long>(std::pair<int, long> const&, std::pair<int, long> const&)", 20,
		 "bool std::operator< <\xe2\x80\xa6>(\xe2\x80\xa6)");
	short_is("main::{lambda(std::string const&)#1}::operator()(std::string const&) const", 40,
		 "main::{lambda(\xe2\x80\xa6)#1}::operator()(\xe2\x80\xa6) const");
	/* an unbalanced name is copied as it is */
	short_is("f<int(char, long, long, long, long, long, long, long)", 10,
		 "f<int(\xe2\x80\xa6)");
	/* a group is cut only when that makes it shorter (fuzz/regress/shortname-overflow) */
	short_is("f(a)g(ab)h(abc)k(abcd)", 5, "f(a)g(ab)h(abc)k(\xe2\x80\xa6)");
	ck_assert_uint_eq(shortname_len("a\xe2\x80\xa6z"), 3);
}
END_TEST

static void wrap_is(const char *name, size_t width, const char *want)
{
	char *s = shortname_wrap(name, width, "|");
	ck_assert_str_eq(s, want);
	free(s);
}

START_TEST(wrap_names)
{
	wrap_is("short", 10, "short");
	/* after a space first, then after "::" or ", " */
	wrap_is("std::ctype<\xe2\x80\xa6> const& std::use_facet<\xe2\x80\xa6>(\xe2\x80\xa6)", 26,
		"std::ctype<\xe2\x80\xa6> const&|std::use_facet<\xe2\x80\xa6>(\xe2\x80\xa6)");
	wrap_is("__cxxabiv1::__vmi_class_type_info::__do_dyncast", 24,
		"__cxxabiv1::|__vmi_class_type_info::|__do_dyncast");
	/* no place to break: anywhere, never inside a UTF-8 sequence */
	wrap_is("abcdefghij", 4, "abcd|efgh|ij");
	wrap_is("ab\xe2\x80\xa6" "cdef", 3, "ab\xe2\x80\xa6|cde|f");
}
END_TEST

START_TEST(short_paths)
{
	char *s = shortname_path("./string/../sysdeps/x86_64/multiarch/strcmp-sse2.S", 30);
	ck_assert_str_eq(s, "\xe2\x80\xa6/multiarch/strcmp-sse2.S");
	free(s);
	s = shortname_path("main.c", 30);
	ck_assert_str_eq(s, "main.c");
	free(s);
	/* counted from the end: exactly max characters stay whole, one more is cut */
	s = shortname_path("abcdefghij", 10);
	ck_assert_str_eq(s, "abcdefghij");
	free(s);
	s = shortname_path("abcdefghijk", 10);
	ck_assert_str_eq(s, "\xe2\x80\xa6" "cdefghijk");
	free(s);
	s = shortname_path("abc\xc3\xa9" "defghijk", 10);
	ck_assert_str_eq(s, "\xe2\x80\xa6" "\xc3\xa9" "defghijk");
	free(s);
	/* a path that starts inside a UTF-8 sequence: as before */
	s = shortname_path("\xa9" "abcdefghij", 10);
	ck_assert_str_eq(s, "\xa9" "abcdefghij");
	free(s);
	s = shortname_path("\xa9" "abcdefghijk", 10);
	ck_assert_str_eq(s, "\xe2\x80\xa6" "bcdefghijk");
	free(s);
}
END_TEST

/* fn= parse in parse.c with code inlined from vec.h: vec.h:parse is its fragment */
static const char inl[] =
	"events: Ir\n"
	"fl=main.c\nfn=main\n1 1\ncfl=parse.c\ncfn=parse\ncalls=1 1\n2 7\n"
	"fl=parse.c\nfn=parse\n1 2\nfi=vec.h\n5 3\ncfl=parse.c\ncfn=leaf\ncalls=1 1\n6 2\nfe=parse.c\n2 0\n"
	"fn=leaf\n1 2\n";

START_TEST(inlined)
{
	struct profile p, q;
	struct fn **host;
	struct fn *frag, *parse;

	ck_assert_int_eq(unit_load(&p, inl), 0);
	frag = parse = NULL;
	host = view_hosts(&p);
	for (size_t i = 0; i < p.nfns; i++) {
		const struct fn *f = p.fns[i];
		if (!strcmp(f->k.file->name, "vec.h"))
			frag = p.fns[i];
		else if (!strcmp(f->k.name, "parse"))
			parse = p.fns[i];
	}
	ck_assert_ptr_eq(host[frag->id], parse);
	ck_assert_ptr_null(host[parse->id]);
	free(host);
	/* merged: parse self 2 + 3, and the fragment's call to leaf is parse's */
	ck_assert_int_eq(view_merge_inlined(&q, &p), 0);
	ck_assert_int_eq(graph_inclusive(&q, "t.cg"), 0);
	parse = unit_fn(&q, "parse");
	ck_assert_uint_eq(q.nfns, 3);
	ck_assert_uint_eq(parse->self->v[0], 5);
	ck_assert_uint_eq(fn_incl(&q, parse)->v[0], 7);
	ck_assert_ptr_nonnull(unit_call(&q, parse, unit_fn(&q, "leaf")));
	profile_release(&q);
	profile_release(&p);
}
END_TEST

Suite *view_suite(void)
{
	Suite *s = suite_create("view");
	TCase *tc = tcase_create("view");

	tcase_add_test(tc, short_names);
	tcase_add_test(tc, wrap_names);
	tcase_add_test(tc, short_paths);
	tcase_add_test(tc, inlined);
	suite_add_tcase(s, tc);
	return s;
}
