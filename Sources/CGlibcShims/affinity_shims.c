#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <unistd.h>

#include "affinity_shims.h"

static cpu_set_t allowed;
static int allowedCount;
static pthread_once_t allowedOnce = PTHREAD_ONCE_INIT;

static void readAllowed(void) {
  allowedCount = sched_getaffinity(0, sizeof allowed, &allowed) == 0 ? CPU_COUNT(&allowed) : 0;
}

int wh_current_cpu(void) { return sched_getcpu(); }

int wh_thread_id(void) { return (int)gettid(); }

int wh_pin_thread(int thread, int cpu) {
  pthread_once(&allowedOnce, readAllowed);
  if (allowedCount < 2 || cpu < 0 || cpu >= CPU_SETSIZE || !CPU_ISSET(cpu, &allowed)) return -1;
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(cpu, &one);
  return sched_setaffinity(thread, sizeof one, &one);
}

int wh_unpin_thread(int thread) {
  pthread_once(&allowedOnce, readAllowed);
  if (allowedCount == 0) return -1;
  return sched_setaffinity(thread, sizeof allowed, &allowed);
}
