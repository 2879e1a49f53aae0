#ifndef WIDGETKIT_SHIMS_H
#define WIDGETKIT_SHIMS_H

/// Runs the `main` function of the shared library that contains `anchor` (an address inside
/// it), if that library defines one. Returns 0 when it ran, -1 when the library could not be
/// found and -2 when it has no `main`.
///
/// Swift compiles `@main struct MyBundle: WidgetBundle` in a library into a `main` symbol that
/// calls `MyBundle.main()`; WidgetKit uses this to find the bundle type, so authors write no
/// export code. `dlsym` on the library's own handle finds the library's `main`, never the host
/// executable's.
int wk_shims_run_library_main(const void *anchor);

/// The records `#Preview` puts in the `wk_previews` section of the library (or executable)
/// this code is linked into: `*begin` to `*end`, both NULL when there are none. Each record is
/// a function that writes the preview's declaration type where it is told.
void wk_shims_preview_records(const void **begin, const void **end);

#endif
