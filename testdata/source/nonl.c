/* nonl.c: its last line has no newline */
int f(void)
{ return 1; }