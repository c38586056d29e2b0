long w(void) { return 2; }
