int main(void)
{
	extra();
}

void work(void)
{
	leaf();
}

void extra(void) {}
