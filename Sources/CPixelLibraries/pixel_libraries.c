#include "pixel_libraries.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// The libraries by their Debian sonames (libcairo2, libpango-1.0-0, libpangocairo-1.0-0,
// libglib2.0-0, libgdk-pixbuf-2.0-0, librsvg2-2), each opened once and never closed.
static const char *const library_names[] = {
  "libcairo.so.2", "libpango-1.0.so.0", "libpangocairo-1.0.so.0", "libgobject-2.0.so.0",
  "libglib-2.0.so.0", "libgdk_pixbuf-2.0.so.0", "librsvg-2.so.2",
};
enum {
  library_cairo, library_pango, library_pangocairo, library_gobject, library_glib,
  library_gdkpixbuf, library_rsvg, library_count
};

static pixel_libraries table;
static const pixel_libraries *loaded;
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
  void *handles[library_count];
  for (int index = 0; index < library_count; index++) {
    handles[index] = dlopen(library_names[index], RTLD_NOW | RTLD_LOCAL);
    if (handles[index] == NULL) {
      const char *reason = dlerror();
      snprintf(failure, sizeof failure, "cannot load %s (%s)", library_names[index],
               reason ? reason : "no reason given");
      return;
    }
  }
#define PIXEL_LIBRARY_LOAD(library, result, name, parameters)                                  \
  {                                                                                             \
    void *symbol = dlsym(handles[library_##library], #name);                                    \
    if (symbol == NULL) {                                                                       \
      snprintf(failure, sizeof failure, "%s has no function %s",                                \
               library_names[library_##library], #name);                                        \
      return;                                                                                   \
    }                                                                                           \
    memcpy(&table.name, &symbol, sizeof symbol);                                                \
  }
  PIXEL_LIBRARY_FUNCTIONS(PIXEL_LIBRARY_LOAD)
#undef PIXEL_LIBRARY_LOAD
  loaded = &table;
}

const pixel_libraries *pixel_libraries_load(char *error, size_t error_size) {
  pthread_once(&once, load);
  if (loaded == NULL && error != NULL && error_size > 0) {
    snprintf(error, error_size, "%s", failure);
  }
  return loaded;
}
