// The prefetch hint is a static inline function in include/prefetch.h; this file only gives the
// C target a translation unit.
#include "prefetch.h"
