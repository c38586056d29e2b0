/* calc.c: the source of calc_old.cg and calc_new.cg (hand-made). */
static int square(int x)
{
	return x * x;
}

int main(void)
{
	int s = 0;
	for (int i = 0; i < 10; i++)
		s += square(i);
	return s;
}
