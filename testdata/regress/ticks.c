/* a run of backticks: ```` in a comment */
int f(void)
{
	return 1;
}
