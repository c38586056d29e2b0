#include <stdio.h>
# define X 1
version_t v;
