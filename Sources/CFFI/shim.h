// libffi from the system (Debian: libffi-dev): calls to the C functions a bundle declares as
// actions, with the parameter types its manifest gives (docs/interactive.md).
#include <ffi.h>
