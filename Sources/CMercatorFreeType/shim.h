#ifndef CMERCATOR_FREETYPE_SHIM_H
#define CMERCATOR_FREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#endif
