/*
 * Loopback HTTP listeners for the native fetch suites: a silent one that
 * never accepts, and a forked server that answers.
 */
#ifndef TEST_HTTP_H
#define TEST_HTTP_H

/* A listening socket on 127.0.0.1 (port into *port), never accepted. */
int test_http_listener(int *port);

/*
 * A forked HTTP server on 127.0.0.1 (its port returned): "/redirect?to=URL"
 * answers 302 to URL; anything else answers 200 with the request exactly
 * as it arrived (head and body) as its body. One at a time.
 */
int test_http_start(void);

/* Kills and reaps the server test_http_start started, if any. */
void test_http_stop(void);

#endif
