/* report_source: annotated source listings (auto-annotation and user-named files). */
#include "report.h"

void report_source(struct report *r)
{
	(void)r;
}
