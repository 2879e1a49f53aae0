#ifndef PIXEL_LIBRARIES_CHECK_H
#define PIXEL_LIBRARIES_CHECK_H

/// How many functions the pixel renderer declares, each checked against its library's header
/// when this file was compiled.
int pixel_libraries_check_count(void);

#endif
