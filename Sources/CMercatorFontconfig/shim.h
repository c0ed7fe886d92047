#ifndef CMERCATOR_FONTCONFIG_SHIM_H
#define CMERCATOR_FONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
