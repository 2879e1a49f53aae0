#define _GNU_SOURCE
#include <errno.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "spawn_shims.h"

int wh_spawn_file_actions_addclosefrom(posix_spawn_file_actions_t *actions, int lowest) {
  return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

int wh_pidfd_open(int pid) {
#ifdef SYS_pidfd_open
  return (int)syscall(SYS_pidfd_open, pid, 0);
#else
  (void)pid;
  errno = ENOSYS;
  return -1;
#endif
}
