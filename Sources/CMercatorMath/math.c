// CMercatorMath is header-only (see include/CMercatorMath.h); SwiftPM wants one source file.
#include "CMercatorMath.h"
