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

// Drawing needs the first five; images (JPEG, GIF, SVG) the last two, which bring libxml2,
// ICU and the shared C++ library with them: they are opened only when an image is decoded.
static int is_image_library(int library) {
  return library == library_gdkpixbuf || library == library_rsvg;
}

static pixel_libraries table;

// One stage: the drawing libraries (images == 0) or the image libraries (images == 1).
struct stage {
  pthread_once_t once;
  const pixel_libraries *loaded;
  char failure[512];
};
static struct stage stages[2] = {{PTHREAD_ONCE_INIT, NULL, ""}, {PTHREAD_ONCE_INIT, NULL, ""}};

static void load_stage(int images) {
  struct stage *stage = &stages[images];
  void *handles[library_count] = {0};
  for (int index = 0; index < library_count; index++) {
    if (is_image_library(index) != images) continue;
    handles[index] = dlopen(library_names[index], RTLD_NOW | RTLD_LOCAL);
    if (handles[index] == NULL) {
      const char *reason = dlerror();
      snprintf(stage->failure, sizeof stage->failure, "cannot load %s (%s)",
               library_names[index], reason ? reason : "no reason given");
      return;
    }
  }
#define PIXEL_LIBRARY_LOAD(library, result, name, parameters)                                  \
  if (is_image_library(library_##library) == images) {                                          \
    void *symbol = dlsym(handles[library_##library], #name);                                    \
    if (symbol == NULL) {                                                                       \
      snprintf(stage->failure, sizeof stage->failure, "%s has no function %s",                  \
               library_names[library_##library], #name);                                        \
      return;                                                                                   \
    }                                                                                           \
    memcpy(&table.name, &symbol, sizeof symbol);                                                \
  }
  PIXEL_LIBRARY_FUNCTIONS(PIXEL_LIBRARY_LOAD)
#undef PIXEL_LIBRARY_LOAD
  stage->loaded = &table;
}

static void load_drawing(void) { load_stage(0); }
static void load_images(void) { load_stage(1); }

static const pixel_libraries *finish(struct stage *stage, char *error, size_t error_size) {
  if (stage->loaded == NULL && error != NULL && error_size > 0) {
    snprintf(error, error_size, "%s", stage->failure);
  }
  return stage->loaded;
}

const pixel_libraries *pixel_libraries_load(char *error, size_t error_size) {
  pthread_once(&stages[0].once, load_drawing);
  return finish(&stages[0], error, error_size);
}

const pixel_libraries *pixel_libraries_load_images(char *error, size_t error_size) {
  if (pixel_libraries_load(error, error_size) == NULL) return NULL;
  pthread_once(&stages[1].once, load_images);
  return finish(&stages[1], error, error_size);
}
