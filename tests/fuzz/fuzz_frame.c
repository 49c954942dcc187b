/* Feeds arbitrary bytes to the pool's frame decoder in both roles. */
#include <stdint.h>
#include <stdlib.h>

#include "ipc/frame.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int role;

	for (role = FRAME_ROLE_PARENT; role <= FRAME_ROLE_CHILD; role++) {
		size_t off = 0;

		while (off < size) {
			struct frame f;
			long r = frame_decode(
			    data + off, size - off, role, 1 << 16, &f);

			if (r <= 0)
				break;
			/* Invariants: a frame never claims more than it was
			 * given. */
			if ((size_t)r > size - off ||
			    f.payload + f.len != data + off + r)
				abort();
			off += (size_t)r;
		}
	}
	return 0;
}
