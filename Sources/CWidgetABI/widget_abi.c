// The ABI is the header alone; this file only lets SwiftPM build the target and checks that the
// header compiles as C on its own (with its static assertions on the layouts).
#include "widget_abi.h"
