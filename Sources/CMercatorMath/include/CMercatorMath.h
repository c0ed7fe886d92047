#ifndef CMERCATOR_MATH_H
#define CMERCATOR_MATH_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <math.h>

/// The sine and cosine of `x` at once: the C library's `sincos`, which shares the argument reduction and returns
/// the same values as `sin(x)` and `cos(x)` (glibc computes both with the same routines). Swift's Glibc module does
/// not import `sincos` (a GNU extension).
static inline __attribute__((always_inline)) void mercator_sincos(double x, double *s, double *c) {
#if defined(__APPLE__)
    __sincos(x, s, c);
#elif defined(__GLIBC__)
    sincos(x, s, c);
#else
    *s = sin(x);
    *c = cos(x);
#endif
}

#endif
