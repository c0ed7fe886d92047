#ifndef CMERCATOR_ZLIB_SHIM_H
#define CMERCATOR_ZLIB_SHIM_H
#include <zlib.h>
#endif
