/* stripped/calls.c: main calls two plugins' static functions through pointers */
int main(void)
{
	plug_a();
	plug_b();
	return 0;
}
