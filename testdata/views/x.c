/* a small translation unit for cc1: loops, a struct, a recursive function */
#include <string.h>

struct node { struct node *left, *right; int key; };

static int depth(const struct node *n)
{
	if (!n)
		return 0;
	int l = depth(n->left), r = depth(n->right);
	return 1 + (l > r ? l : r);
}

static unsigned hash(const char *s)
{
	unsigned h = 2166136261u;
	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

int work(struct node *root, const char **words, int n, int *out)
{
	int best = 0;
	for (int i = 0; i < n; i++) {
		unsigned h = hash(words[i]);
		out[i] = (int)(h % 97) + (int)strlen(words[i]);
		if (out[i] > best)
			best = out[i];
	}
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			if (out[j] < out[i]) {
				int t = out[i];
				out[i] = out[j];
				out[j] = t;
			}
	return best + depth(root);
}
