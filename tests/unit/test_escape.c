/* test_escape: what is escaped for a terminal, and how JSON, TSV and messages quote it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "json.h"
#include "opts.h"
#include "outbuf.h"
#include "report.h"
#include "suites.h"

static char buf[4096];

/* s written through escape_fwrite, escaped when on. */
static const char *esc(const char *s, size_t len, int on)
{
	FILE *f = fmemopen(buf, sizeof(buf), "w");
	escape_fwrite(f, s, len, on);
	fclose(f);
	return buf;
}

START_TEST(units)
{
	/* C0 but tab, DEL, raw C1 byte, C1 in UTF-8 (U+009B), RLO (U+202E), LRI (U+2066), ALM (U+061C) */
	ck_assert_uint_eq(escape_unit("\x1b[", 2), 1);
	ck_assert_uint_eq(escape_unit("\r", 1), 1);
	ck_assert_uint_eq(escape_unit("\n", 1), 1);
	ck_assert_uint_eq(escape_unit("\t", 1), 0);
	ck_assert_uint_eq(escape_unit("\x7f", 1), 1);
	ck_assert_uint_eq(escape_unit("\x9b", 1), 1);
	ck_assert_uint_eq(escape_unit("\xc2\x9b", 2), 2);
	ck_assert_uint_eq(escape_unit("\xe2\x80\xae", 3), 3);
	ck_assert_uint_eq(escape_unit("\xe2\x81\xa6", 3), 3);
	ck_assert_uint_eq(escape_unit("\xd8\x9c", 2), 2);
	/* shown as they are: ASCII, backslash, é (U+00E9), U+2030 (per mille), a Latin-1 byte, emoji */
	ck_assert_uint_eq(escape_unit("a", 1), 0);
	ck_assert_uint_eq(escape_unit("\\", 1), 0);
	ck_assert_uint_eq(escape_unit("\xc3\xa9", 2), 0);
	ck_assert_uint_eq(escape_unit("\xe2\x80\xb0", 3), 0);
	ck_assert_uint_eq(escape_unit("\xe9x", 2), 0);
	ck_assert_uint_eq(escape_unit("\xf0\x9f\x98\x80", 4), 0);
	/* a cut sequence: c2 alone is no UTF-8 and above 0x9f: as it is; e2 80 cut before ae too */
	ck_assert_uint_eq(escape_unit("\xc2", 1), 0);
	ck_assert_uint_eq(escape_unit("\xe2\x80", 2), 0);
	/* an overlong 3-byte form of U+009B (e0 82 9b) is not U+009B: its bytes stand alone */
	ck_assert_uint_eq(escape_unit("\xe0\x82\x9b", 3), 0);
	ck_assert_uint_eq(escape_unit("\x82\x9b", 2), 1);
}
END_TEST

START_TEST(units_xml)
{
	/* what XML 1.0 forbids: U+FFFE, U+FFFF, surrogates U+D800 and U+DFFF (3 bytes each) */
	ck_assert_uint_eq(escape_unit_xml("\xef\xbf\xbe", 3), 3);
	ck_assert_uint_eq(escape_unit_xml("\xef\xbf\xbf", 3), 3);
	ck_assert_uint_eq(escape_unit_xml("\xed\xa0\x80", 3), 3);
	ck_assert_uint_eq(escape_unit_xml("\xed\xbf\xbf", 3), 3);
	/* for a terminal they are left alone */
	ck_assert_uint_eq(escape_unit("\xef\xbf\xbe", 3), 0);
	/* allowed: U+FFFD, U+FDD0, U+D7FF (ed 9f bf), U+E000 (ee 80 80), U+1FFFE */
	ck_assert_uint_eq(escape_unit_xml("\xef\xbf\xbd", 3), 0);
	ck_assert_uint_eq(escape_unit_xml("\xef\xb7\x90", 3), 0);
	ck_assert_uint_eq(escape_unit_xml("\xed\x9f\xbf", 3), 0);
	ck_assert_uint_eq(escape_unit_xml("\xee\x80\x80", 3), 0);
	ck_assert_uint_eq(escape_unit_xml("\xf0\x9f\xbf\xbe", 4), 0);
	/* cut: ef bf alone is not U+FFFF */
	ck_assert_uint_eq(escape_unit_xml("\xef\xbf", 2), 0);
	/* what escape_unit escapes, the same */
	ck_assert_uint_eq(escape_unit_xml("\xe2\x80\xae", 3), 3);
	ck_assert_uint_eq(escape_unit_xml("\x1b", 1), 1);
}
END_TEST

START_TEST(writes)
{
	static const char title[] = "f\x1b]0;pwned\x07g";
	static const char rlo[] = "a\xe2\x80\xae" "cba";

	ck_assert_str_eq(esc(title, strlen(title), 1), "f\\x1b]0;pwned\\x07g");
	ck_assert_str_eq(esc(title, strlen(title), 0), title);
	ck_assert_str_eq(esc(rlo, strlen(rlo), 1), "a\\xe2\\x80\\xaecba");
	ck_assert_str_eq(esc("C:\\src\\a.c\tx", 12, 1), "C:\\src\\a.c\tx");
	/* 4 bytes per escaped byte: "f" + 4 + "]0;pwned" + 4 + "g" = 18 */
	ck_assert_uint_eq(escape_width(title, strlen(title), 1), 18);
	ck_assert_uint_eq(escape_width(title, strlen(title), 0), strlen(title));
	ck_assert_uint_eq(escape_width(rlo, strlen(rlo), 1), 1 + 12 + 3);
}
END_TEST

START_TEST(lines)
{
	FILE *f = fmemopen(buf, sizeof(buf), "w");
	char big[2000];

	/* a newline inside the message is escaped too: one line per message */
	escape_line(f, "annogrind: %s: x", "a\nb\x1b[2J");
	memset(big, 'x', sizeof(big) - 2);
	big[sizeof(big) - 2] = '\x1b';
	big[sizeof(big) - 1] = '\0';
	escape_line(f, "%s", big);	/* longer than escape_vline's first buffer */
	fclose(f);
	/* "annogrind: " 11 + "a" 1 + 4 + "b" 1 + 4 + "[2J" 3 + ": x" 3 + newline = 28 */
	ck_assert_int_eq(strncmp(buf, "annogrind: a\\x0ab\\x1b[2J: x\n", 28), 0);
	ck_assert_uint_eq(strlen(buf), 28 + 1998 + 4 + 1);
	ck_assert_str_eq(buf + 28 + 1998, "\\x1b\n");
}
END_TEST

/* json_str: C0 as JSON needs, DEL, C1 and bidi as \uXXXX too, always. */
START_TEST(json)
{
	static struct outbuf ob;
	FILE *f = fmemopen(buf, sizeof(buf), "w");

	outbuf_init(&ob, f);
	json_str(&ob, "a\x1b\x7f\xc2\x9b\xe2\x80\xae\xe2\x81\xa9\x9b\xc3\xa9\"\\");
	outbuf_flush(&ob);
	fclose(f);
	ck_assert_str_eq(buf, "\"a\\u001b\\u007f\\u009b\\u202e\\u2069\\u009b\xc3\xa9\\\"\\\\\"");
}
END_TEST

/* report_tsv_field: \t \n \r \\ always; the rest of escape.h's set as \xHH only with esc. */
START_TEST(tsv)
{
	static struct outbuf ob;
	static const char s[] = "a\tb\nc\rd\\e\x1b" "f\xe2\x80\xae";
	FILE *f = fmemopen(buf, sizeof(buf), "w");

	outbuf_init(&ob, f);
	report_tsv_field(&ob, s, 1);
	outbuf_putc(&ob, '|');
	report_tsv_field(&ob, s, 0);
	outbuf_flush(&ob);
	fclose(f);
	ck_assert_str_eq(buf, "a\\tb\\nc\\rd\\\\e\\x1bf\\xe2\\x80\\xae|a\\tb\\nc\\rd\\\\e\x1b" "f\xe2\x80\xae");
}
END_TEST

START_TEST(option)
{
	struct opts o;
	const char *a[] = { "annogrind", "--escape=always", "p", NULL };
	const char *b[] = { "annogrind", "--escape=never", "p", NULL };
	const char *c[] = { "annogrind", "--escape=yes", "p", NULL };

	opts_init(&o);
	ck_assert_int_eq(o.escape, OPTS_ESCAPE_AUTO);
	ck_assert_int_eq(opts_parse(&o, 3, (char **)a), 0);
	ck_assert_int_eq(o.escape, OPTS_ESCAPE_ALWAYS);
	opts_release(&o);
	opts_init(&o);
	ck_assert_int_eq(opts_parse(&o, 3, (char **)b), 0);
	ck_assert_int_eq(o.escape, OPTS_ESCAPE_NEVER);
	opts_release(&o);
	opts_init(&o);
	ck_assert_int_eq(opts_parse(&o, 3, (char **)c), -1);
	ck_assert_str_eq(o.err, "--escape takes auto, always or never, not 'yes'");
	opts_release(&o);
}
END_TEST

Suite *escape_suite(void)
{
	Suite *s = suite_create("escape");
	TCase *tc = tcase_create("escape");

	tcase_add_test(tc, units);
	tcase_add_test(tc, units_xml);
	tcase_add_test(tc, writes);
	tcase_add_test(tc, lines);
	tcase_add_test(tc, json);
	tcase_add_test(tc, tsv);
	tcase_add_test(tc, option);
	suite_add_tcase(s, tc);
	return s;
}
