// The ABI is the header alone; this file only lets SwiftPM build the target and checks that the
// header compiles as C on its own.
#include "widget_abi.h"

_Static_assert(sizeof(wk_version) == 8, "wk_version is two uint32_t");
