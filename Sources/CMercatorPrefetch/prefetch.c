// CMercatorPrefetch is header-only (see include/CMercatorPrefetch.h); SwiftPM wants one source file.
#include "CMercatorPrefetch.h"
