/* source_find: sources found by their whole name or their longest trailing part, and what is ambiguous. */
#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "source_find.h"
#include "suites.h"

static char top[PATH_MAX], back[PATH_MAX];

/* A file of text under the scratch folder (its folders made first). */
static void put(const char *path, const char *text)
{
	char dir[PATH_MAX], *s;
	FILE *f;

	snprintf(dir, sizeof(dir), "%s", path);
	for (s = strchr(dir, '/'); s; s = strchr(s + 1, '/')) {
		*s = '\0';
		mkdir(dir, 0755);
		*s = '/';
	}
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

static void enter(void)
{
	ck_assert_ptr_nonnull(getcwd(back, sizeof(back)));
	snprintf(top, sizeof(top), "/tmp/annogrind-sf-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(top));
	ck_assert_int_eq(chdir(top), 0);
}

static void leave(void)
{
	char cmd[PATH_MAX + 16];

	ck_assert_int_eq(chdir(back), 0);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", top);
	ck_assert_int_eq(system(cmd), 0);
}

START_TEST(whole_then_trailing)
{
	struct source_find *sf;
	const struct source_loc *l;
	char *dirs[] = { (char *)"inc/" };

	enter();
	put("work/x.c", "int x;\n");
	put("inc/y.c", "int y;\n");
	put("z.c", "int z;\n");
	sf = source_find_new(dirs, 1);
	/* whole, in the current folder: not trailing */
	l = source_find(sf, "z.c");
	ck_assert_str_eq(l->path, "z.c");
	ck_assert_int_eq(l->trailing, 0);
	/* the build's absolute path: its longest part here is work/x.c */
	l = source_find(sf, "/home/ci/build/work/x.c");
	ck_assert_str_eq(l->path, "work/x.c");
	ck_assert_str_eq(l->part, "work/x.c");
	ck_assert_str_eq(l->dir, "");
	ck_assert_int_eq(l->trailing, 1);
	ck_assert_ptr_null(l->other);
	/* in an -I folder, by its file name */
	l = source_find(sf, "/src/lib/y.c");
	ck_assert_str_eq(l->path, "inc/y.c");
	ck_assert_str_eq(l->dir, "inc/");
	ck_assert_str_eq(l->part, "y.c");
	/* nowhere: no path, no why */
	l = source_find(sf, "/src/none.c");
	ck_assert_ptr_null(l->path);
	ck_assert_ptr_null(l->why);
	/* a part from ".." on would leave the folder: never tried */
	l = source_find(sf, "/a/../work/x.c");
	ck_assert_str_eq(l->part, "work/x.c");
	l = source_find(sf, "q/../../z.c");
	ck_assert_str_eq(l->path, "z.c");
	source_find_free(sf);
	/* from a folder below: "../z.c" would be the file above, and is not tried */
	ck_assert_int_eq(chdir("work"), 0);
	sf = source_find_new(NULL, 0);
	ck_assert_ptr_null(source_find(sf, "/m/../z.c")->path);
	ck_assert_int_eq(chdir(".."), 0);
	source_find_free(sf);
	sf = source_find_new(dirs, 1);
	/* what a command line names is looked up whole only */
	ck_assert_ptr_null(source_find_whole(sf, "/home/ci/build/work/x.c")->path);
	ck_assert_str_eq(source_find_whole(sf, "y.c")->path, "inc/y.c");
	source_find_free(sf);
	leave();
}
END_TEST

START_TEST(ambiguous)
{
	struct source_find *sf;
	const struct source_loc *l;
	char *dirs[] = { (char *)"a/", (char *)"b/", (char *)"c/" };
	const char *names[] = { "/p/x/util.c", "/p/y/util.c", "/home/w/proj/write.c",
				"./io/../sysdeps/write.c", "/q/same.c" };

	enter();
	put("a/x.c", "one\n");
	put("b/x.c", "two\n");
	put("c/x.c", "one\n");
	put("util.c", "u\n");
	put("proj/write.c", "w\n");
	put("a/same.c", "s\n");
	put("c/same.c", "s\n");
	sf = source_find_new(dirs, 3);
	source_find_names(sf, names, sizeof(names) / sizeof(names[0]));
	/* a/ is first; b/ holds the same part with other text: said */
	l = source_find(sf, "/src/x.c");
	ck_assert_str_eq(l->path, "a/x.c");
	ck_assert_str_eq(l->other, "b/x.c");
	/* the same text in two folders is no ambiguity */
	l = source_find(sf, "/q/same.c");
	ck_assert_str_eq(l->path, "a/same.c");
	ck_assert_ptr_null(l->other);
	/* two names of the report as one file by parts as long: neither */
	l = source_find(sf, "/p/x/util.c");
	ck_assert_ptr_null(l->path);
	ck_assert_str_eq(l->why, "ambiguous: its trailing part 'util.c' is 'util.c', "
			 "which '/p/y/util.c' is found as too");
	ck_assert_ptr_null(source_find(sf, "/p/y/util.c")->path);
	/* the name that matches more of the path keeps the file */
	l = source_find(sf, "/home/w/proj/write.c");
	ck_assert_str_eq(l->path, "proj/write.c");
	source_find_free(sf);

	/* with -I proj/, glibc's write.c comes to the same file by "write.c" alone */
	{
		char *pd[] = { (char *)"proj/" };
		sf = source_find_new(pd, 1);
		source_find_names(sf, names, sizeof(names) / sizeof(names[0]));
		ck_assert_str_eq(source_find(sf, "/home/w/proj/write.c")->path, "proj/write.c");
		l = source_find(sf, "./io/../sysdeps/write.c");
		ck_assert_ptr_null(l->path);
		ck_assert_ptr_nonnull(strstr(l->why, "'/home/w/proj/write.c' is found as too"));
		source_find_free(sf);
	}
	leave();
}
END_TEST

START_TEST(bounded)
{
	struct source_find *sf;
	char name[4096], path[4096];
	size_t i, n = 0, m = 0;

	enter();
	/* a name of 40 folders; the file under the last 36 of them is past the 32 parts tried */
	for (i = 1; i <= 40; i++)
		n += (size_t)snprintf(name + n, sizeof(name) - n, "/d%zu", i);
	snprintf(name + n, sizeof(name) - n, "/f.c");
	for (i = 5; i <= 40; i++)
		m += (size_t)snprintf(path + m, sizeof(path) - m, "d%zu/", i);
	snprintf(path + m, sizeof(path) - m, "f.c");
	put(path, "f\n");
	sf = source_find_new(NULL, 0);
	ck_assert_ptr_null(source_find(sf, name)->path);
	source_find_free(sf);
	/* under the last 31 folders it is found */
	m = 0;
	for (i = 10; i <= 40; i++)
		m += (size_t)snprintf(path + m, sizeof(path) - m, "d%zu/", i);
	snprintf(path + m, sizeof(path) - m, "f.c");
	put(path, "f\n");
	sf = source_find_new(NULL, 0);
	ck_assert_str_eq(source_find(sf, name)->path, path);
	source_find_free(sf);
	leave();
}
END_TEST

Suite *source_find_suite(void)
{
	Suite *s = suite_create("source_find");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, whole_then_trailing);
	tcase_add_test(tc, ambiguous);
	tcase_add_test(tc, bounded);
	suite_add_tcase(s, tc);
	return s;
}
