#ifndef SPAWN_SHIMS_H
#define SPAWN_SHIMS_H

#include <spawn.h>

/// Adds to `actions` the action of closing every descriptor from `lowest` up in the child,
/// after the actions added before it: glibc's `posix_spawn_file_actions_addclosefrom_np`
/// (glibc 2.34 and later), which Swift's Glibc module does not declare (it needs
/// `_GNU_SOURCE`). Returns 0 or an error number.
int wh_spawn_file_actions_addclosefrom(posix_spawn_file_actions_t *actions, int lowest);

/// A descriptor (close-on-exec) that becomes readable when process `pid` ends: Linux's
/// `pidfd_open` (5.3 and later), which glibc declares only from 2.36 and Swift cannot reach
/// through `syscall` (variadic). Returns -1 with `errno` set when the kernel has none.
int wh_pidfd_open(int pid);

#endif
