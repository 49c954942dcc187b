/*
 * TEST_UNDER_ASAN: 1 in an AddressSanitizer build. Its runtime must come
 * first in a process's libraries, so a case that preloads a shim of its
 * own (tests/faults/) into a program of the tree is left to the plain
 * build.
 */
#ifndef TEST_ASAN_H
#define TEST_ASAN_H

#if defined(__SANITIZE_ADDRESS__)
#define TEST_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TEST_UNDER_ASAN 1
#endif
#endif
#ifndef TEST_UNDER_ASAN
#define TEST_UNDER_ASAN 0
#endif

#endif
