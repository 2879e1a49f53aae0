// Compiles the pixel renderer's declarations (Sources/CPixelLibraries) against the libraries'
// own headers: a function declared there with other types than its library gives it fails to
// build here, naming the function. Linked only into the tests.
#define PIXEL_LIBRARIES_REAL_HEADERS 1
#include <cairo-svg.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <librsvg/rsvg.h>
#include <pango/pangocairo.h>

#include "pixel_libraries.h"
#include "pixel_libraries_check.h"

#define PIXEL_LIBRARY_CHECK(library, result, name, parameters)                                  \
  _Static_assert(__builtin_types_compatible_p(__typeof__(&name),                                \
                                              __typeof__(((pixel_libraries *)0)->name)),        \
                 #name " is declared with other types than its library's header gives it");
PIXEL_LIBRARY_FUNCTIONS(PIXEL_LIBRARY_CHECK)

_Static_assert(sizeof(PangoRectangle) == 4 * sizeof(int), "PangoRectangle");
_Static_assert(sizeof(RsvgRectangle) == 4 * sizeof(double), "RsvgRectangle");

int pixel_libraries_check_count(void) {
  int count = 0;
#define PIXEL_LIBRARY_COUNT(library, result, name, parameters) count++;
  PIXEL_LIBRARY_FUNCTIONS(PIXEL_LIBRARY_COUNT)
  return count;
}
