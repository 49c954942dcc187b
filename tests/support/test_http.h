/*
 * Loopback HTTP listeners for the native fetch suites: a silent one that
 * never accepts, and a forked server that answers.
 */
#ifndef TEST_HTTP_H
#define TEST_HTTP_H

#include <stddef.h>

/* A listening socket on 127.0.0.1 (port into *port), never accepted. */
int test_http_listener(int *port);

/*
 * Reads one request (its head, and a body as long as its Content-Length
 * says) from the connection `c` into req (NUL-terminated, at most cap - 1
 * bytes); its length returned.
 */
int test_http_read_request(int c, char *req, size_t cap);

/*
 * A forked HTTP server on 127.0.0.1 (its port returned): "/redirect?to=URL"
 * answers 302 to URL; anything else answers 200 with the request exactly
 * as it arrived (head and body) as its body. One at a time.
 */
int test_http_start(void);

/* Kills and reaps the server test_http_start started, if any. */
void test_http_stop(void);

#endif
