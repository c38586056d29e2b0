/* load_apply: the loader's last stage; the records of tokenized blocks applied to the model in file order, with every diagnostic about a profile's content. */
#ifndef ANNOGRIND_LOAD_APPLY_H
#define ANNOGRIND_LOAD_APPLY_H

#include "load_tokenize.h"
#include "profile.h"

/*
 * A loader reads one profile file into p: loader_new() counts the file
 * in p, then loader_block() takes its blocks in file order, and
 * loader_end() makes the checks of a whole file and adds the last part's
 * total.  Both return 0, or -1 after an error was reported through
 * diag() with the file's name and line (then nothing more may be given).
 * loader_free() says how many warnings were not printed and frees the
 * loader; the profile keeps what was added.  name and pwd (a folder
 * prefix, with its trailing '/', removed from source file names, or NULL)
 * must outlive the loader.
 */
struct loader;

struct loader *loader_new(struct profile *p, const char *name, const char *pwd);
int loader_block(struct loader *ld, const struct block *b);
int loader_end(struct loader *ld);
void loader_free(struct loader *ld);

#endif
