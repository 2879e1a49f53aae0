// The executable a worker process says it is: Foundation takes a process's main bundle
// (`Bundle.main`) from `readlink("/proc/self/exe")`, so the worker defines and exports `readlink`
// and answers that one path with the bundle's library, inside a folder laid out as a bundle
// (docs/isolation.md, "The bundle's Bundle.main"). Every other path goes to the C library.
#ifndef PROCESS_PATH_H
#define PROCESS_PATH_H

/// Makes `readlink("/proc/self/exe")` answer `path` (copied) from now on. Call it before the
/// bundle's libraries are loaded: Foundation reads the path once. Not thread-safe against
/// concurrent readers; the worker sets it once, before loading.
void wh_process_path_set(const char *path);

#endif
