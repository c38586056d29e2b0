/* util.h: a small helper inlined into x.c's loop. */
static inline unsigned mix(unsigned h, unsigned v)
{
	h ^= v;
	h *= 16777619u;
	return h;
}
