/* sq.h - an inline helper for shapes.c (annogrind source annotation tests) */
static inline __attribute__((always_inline)) int sq(int x)
{
	return x * x;
}
