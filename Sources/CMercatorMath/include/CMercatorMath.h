#ifndef CMERCATOR_MATH_H
#define CMERCATOR_MATH_H

/// The sine and cosine of `x` at once: the C library's `sincos`, which shares the argument reduction and returns
/// the same values as `sin(x)` and `cos(x)` (glibc computes both with the same routines). Swift's Glibc module does
/// not import `sincos` (a GNU extension). (Declared here without <math.h>, so that importing this module leaks no
/// second declaration of the C library's functions into Swift code that also imports Foundation.)
void mercator_sincos(double x, double *s, double *c);

/// The unit-sphere points of `count` Web Mercator positions, in place: each point is three doubles, world x and y in,
/// the sphere point's x, y and z out (GlobeProjection.spherePoint's formula). With `vectorized`, four at a time with
/// glibc's vector math library where the processor has AVX2 and the library loads (values within 4 ulp of the scalar
/// functions'); otherwise, and for the rest, the scalar C library's.
void mercator_sphere_points(double *xyz, long count, int vectorized);

/// Whether ``mercator_sphere_points`` computes four points at a time on this machine (AVX2 and glibc's libmvec).
int mercator_sphere_points_vectorized(void);

#endif
