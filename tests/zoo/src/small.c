/* A small C file for gcc's cc1 at -O2: structs, loops, a switch, a
 * recursive function and some arithmetic to optimise. */
#include <stddef.h>

struct node { struct node *left, *right; int key, value; };

static int depth(const struct node *n)
{
	int l, r;

	if (!n)
		return 0;
	l = depth(n->left);
	r = depth(n->right);
	return 1 + (l > r ? l : r);
}

struct node *insert(struct node *root, struct node *n)
{
	struct node **p = &root;

	while (*p)
		p = n->key < (*p)->key ? &(*p)->left : &(*p)->right;
	*p = n;
	return root;
}

long checksum(const unsigned char *s, size_t len)
{
	unsigned long a = 1, b = 0;
	size_t i;

	for (i = 0; i < len; i++) {
		a = (a + s[i]) % 65521;
		b = (b + a) % 65521;
	}
	return (long)(b << 16 | a);
}

int classify(int c)
{
	switch (c) {
	case ' ': case '\t': case '\n': return 0;
	case '0': case '1': case '2': case '3': case '4':
	case '5': case '6': case '7': case '8': case '9': return 1;
	case '+': case '-': case '*': case '/': return 2;
	default: return c >= 'a' && c <= 'z' ? 3 : 4;
	}
}

int tree_depth(struct node *nodes, int n)
{
	struct node *root = NULL;
	int i;

	for (i = 0; i < n; i++) {
		nodes[i].left = nodes[i].right = NULL;
		nodes[i].key = (i * 7919) % 1009;
		root = insert(root, &nodes[i]);
	}
	return depth(root);
}

double mean(const double *v, int n)
{
	double s = 0;
	int i;

	for (i = 0; i < n; i++)
		s += v[i];
	return n ? s / n : 0;
}
