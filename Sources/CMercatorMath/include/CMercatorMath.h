#ifndef CMERCATOR_MATH_H
#define CMERCATOR_MATH_H

/// The sine and cosine of `x` at once: the C library's `sincos`, which shares the argument reduction and returns
/// the same values as `sin(x)` and `cos(x)` (glibc computes both with the same routines). Swift's Glibc module does
/// not import `sincos` (a GNU extension). (Declared here without <math.h>, so that importing this module leaks no
/// second declaration of the C library's functions into Swift code that also imports Foundation.)
void mercator_sincos(double x, double *s, double *c);

/// The unit-sphere points of `count` Web Mercator positions, in place, four at a time with glibc's vector math library
/// where the processor has AVX2 and the library loads: each point is three doubles, world x and y in, the sphere point's
/// x, y and z out (GlobeProjection.spherePoint's formula, values within 4 ulp of the scalar functions'). Returns 1 when
/// it computed them, 0 (nothing touched) on a machine without: the caller then takes its scalar loop.
int mercator_sphere_points(double *xyz, long count);

/// Whether ``mercator_sphere_points`` computes four points at a time on this machine (AVX2 and glibc's libmvec).
int mercator_sphere_points_vectorized(void);

#endif
