#define _GNU_SOURCE
#include "process_path.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static _Atomic(char *) process_path;

typedef ssize_t (*readlink_function)(const char *, char *, size_t);
static _Atomic(readlink_function) real_function;

void wh_process_path_set(const char *path) {
  char *copy = path ? strdup(path) : NULL;
  // The previous copy is kept: a reader may still hold it.
  atomic_store_explicit(&process_path, copy, memory_order_release);
}

static ssize_t real_readlink(const char *restrict path, char *restrict buffer, size_t size) {
  readlink_function function = atomic_load_explicit(&real_function, memory_order_acquire);
  if (function == NULL) {
    function = (readlink_function)dlsym(RTLD_NEXT, "readlink");
    if (function == NULL) return (ssize_t)syscall(SYS_readlink, path, buffer, size);
    atomic_store_explicit(&real_function, function, memory_order_release);
  }
  return function(path, buffer, size);
}

ssize_t readlink(const char *restrict path, char *restrict buffer, size_t size) {
  const char *answer = atomic_load_explicit(&process_path, memory_order_acquire);
  if (answer == NULL || strcmp(path, "/proc/self/exe") != 0) {
    return real_readlink(path, buffer, size);
  }
  // As readlink does: the bytes without a terminating NUL, truncated to `size`.
  size_t length = strlen(answer);
  if (length > size) length = size;
  memcpy(buffer, answer, length);
  return (ssize_t)length;
}
