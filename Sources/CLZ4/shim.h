// The parts of Debian's liblz4 (>= 1.9) that wlog uses: the frame API for journal frames and
// chunks, and the HC level constants. Install with `apt-get install liblz4-dev`.
#ifndef WLOG_CLZ4_SHIM_H
#define WLOG_CLZ4_SHIM_H
#include <lz4.h>
#include <lz4hc.h>
#include <lz4frame.h>
#endif
