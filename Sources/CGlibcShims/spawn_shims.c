#define _GNU_SOURCE
#include <spawn.h>

#include "spawn_shims.h"

int wh_spawn_file_actions_addclosefrom(posix_spawn_file_actions_t *actions, int lowest) {
  return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}
