/* a.c: the sources of the hand-written Cachegrind profiles */
int helper(int);
int main(void)
{
	return helper(1);
}

int helper(int x)
{
	return x + 1;
}
