#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <math.h>
#include "CMercatorMath.h"

void mercator_sincos(double x, double *s, double *c) {
#if defined(__APPLE__)
    __sincos(x, s, c);
#elif defined(__GLIBC__)
    sincos(x, s, c);
#else
    *s = sin(x);
    *c = cos(x);
#endif
}
