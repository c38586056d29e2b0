/* app.c */
int main(void) { return 0; }
