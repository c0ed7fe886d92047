#ifndef CMERCATOR_MATH_H
#define CMERCATOR_MATH_H

/// The sine and cosine of `x` at once: the C library's `sincos`, which shares the argument reduction and returns
/// the same values as `sin(x)` and `cos(x)` (glibc computes both with the same routines). Swift's Glibc module does
/// not import `sincos` (a GNU extension). (Declared here without <math.h>, so that importing this module leaks no
/// second declaration of the C library's functions into Swift code that also imports Foundation.)
void mercator_sincos(double x, double *s, double *c);

#endif
