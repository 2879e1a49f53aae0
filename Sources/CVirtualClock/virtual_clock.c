#define _GNU_SOURCE
#include "virtual_clock.h"

#include <dlfcn.h>
#include <math.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

// The virtual time in nanoseconds since 1970, or INT64_MIN for the real clock. One relaxed load
// per call is all the real clock pays.
static _Atomic int64_t virtual_nanoseconds = INT64_MIN;

typedef int (*clock_gettime_function)(clockid_t, struct timespec *);
static _Atomic(clock_gettime_function) real_function;

void wh_virtual_clock_set(double seconds) {
  atomic_store_explicit(&virtual_nanoseconds, (int64_t)llround(seconds * 1e9),
                        memory_order_relaxed);
}

int wh_virtual_clock_is_set(void) {
  return atomic_load_explicit(&virtual_nanoseconds, memory_order_relaxed) != INT64_MIN;
}

// The C library's clock_gettime (the vDSO's, fast), found once; the system call if it cannot be.
static int real_clock_gettime(clockid_t clock, struct timespec *time) {
  clock_gettime_function function = atomic_load_explicit(&real_function, memory_order_acquire);
  if (function == NULL) {
    function = (clock_gettime_function)dlsym(RTLD_NEXT, "clock_gettime");
    if (function == NULL) return (int)syscall(SYS_clock_gettime, clock, time);
    atomic_store_explicit(&real_function, function, memory_order_release);
  }
  return function(clock, time);
}

// The wall clock: virtual when set.
static int wall_clock(clockid_t clock, struct timespec *time) {
  int64_t virtual = atomic_load_explicit(&virtual_nanoseconds, memory_order_relaxed);
  if (virtual == INT64_MIN || time == NULL) return real_clock_gettime(clock, time);
  int64_t seconds = virtual / 1000000000;
  int64_t nanoseconds = virtual % 1000000000;
  if (nanoseconds < 0) {
    seconds -= 1;
    nanoseconds += 1000000000;
  }
  time->tv_sec = (time_t)seconds;
  time->tv_nsec = (long)nanoseconds;
  return 0;
}

int clock_gettime(clockid_t clock, struct timespec *time) {
  if (clock == CLOCK_REALTIME || clock == CLOCK_REALTIME_COARSE) return wall_clock(clock, time);
  return real_clock_gettime(clock, time);
}

// glibc declares `value` nonnull, but the C library's own gettimeofday accepts NULL: so does this.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wtautological-pointer-compare"
int gettimeofday(struct timeval *restrict value, void *restrict zone) {
  struct timespec now;
  if (wall_clock(CLOCK_REALTIME, &now) != 0) return -1;
  if (value != NULL) {
    value->tv_sec = now.tv_sec;
    value->tv_usec = now.tv_nsec / 1000;
  }
  if (zone != NULL) {
    // The obsolete time zone: none, as the C library reports it.
    struct timezone *obsolete = zone;
    obsolete->tz_minuteswest = 0;
    obsolete->tz_dsttime = 0;
  }
  return 0;
}
#pragma clang diagnostic pop

time_t time(time_t *result) {
  struct timespec now;
  if (wall_clock(CLOCK_REALTIME, &now) != 0) return (time_t)-1;
  if (result != NULL) *result = now.tv_sec;
  return now.tv_sec;
}

int timespec_get(struct timespec *time, int base) {
  if (base != TIME_UTC || wall_clock(CLOCK_REALTIME, time) != 0) return 0;
  return base;
}
