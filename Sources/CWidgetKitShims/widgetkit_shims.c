#define _GNU_SOURCE
#include "widgetkit_shims.h"

#include <dlfcn.h>
#include <stddef.h>

int wk_shims_run_library_main(const void *anchor) {
    Dl_info info;
    if (dladdr(anchor, &info) == 0 || info.dli_fname == NULL) return -1;
    void *handle = dlopen(info.dli_fname, RTLD_NOLOAD | RTLD_LAZY);
    if (handle == NULL) return -1;
    int (*library_main)(int, char **) = (int (*)(int, char **))dlsym(handle, "main");
    int result = -2;
    if (library_main != NULL) {
        char *argv[] = {NULL};
        library_main(0, argv);
        result = 0;
    }
    dlclose(handle);
    return result;
}

// The linker defines these for the section of the image being linked; hidden, so that each
// bundle finds its own records and never another library's; weak, so that an image without
// previews links.
extern const char __start_wk_previews[] __attribute__((weak, visibility("hidden")));
extern const char __stop_wk_previews[] __attribute__((weak, visibility("hidden")));

void wk_shims_preview_records(const void **begin, const void **end) {
    *begin = __start_wk_previews;
    *end = __stop_wk_previews;
}
