/* mix.h: one step of the FNV-1a hash, inlined into hash() (so that its cost lines are under fi=). */
static inline unsigned mix(unsigned h, unsigned char c)
{
	h ^= c;
	return h * 16777619u;
}
