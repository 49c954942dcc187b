/* PLACEHOLDER until the lowering lands: passes ES5 through unchanged. */
#include <stdlib.h>
#include <string.h>

#include "lower.h"

int
lower_source(const char *src, size_t len, enum lower_goal goal,
    struct lower_result *res)
{
	(void)goal;
	memset(res, 0, sizeof(*res));
	if ((res->code = malloc(len + 1)) == NULL) {
		strcpy(res->error, "RangeError: out of memory");
		return -1;
	}
	memcpy(res->code, src, len);
	res->code[len] = '\0';
	res->code_len = len;
	return 0;
}
