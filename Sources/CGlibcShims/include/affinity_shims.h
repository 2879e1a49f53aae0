#ifndef AFFINITY_SHIMS_H
#define AFFINITY_SHIMS_H

/// The CPU the calling thread runs on (glibc's `sched_getcpu`), or -1.
int wh_current_cpu(void);

/// The calling thread's kernel thread id (`gettid`).
int wh_thread_id(void);

/// Lets thread `thread` (a kernel thread id, of any process of this user) run on `cpu` only.
/// Refused (-1, nothing changed) when this process may run on fewer than two CPUs or not on
/// `cpu`; otherwise 0, or -1 with `errno` set by `sched_setaffinity`. The CPUs this process may
/// run on are read at the first call of this function or `wh_unpin_thread`.
int wh_pin_thread(int thread, int cpu);

/// Lets thread `thread` run on every CPU this process may run on again (as read by the first
/// call of this function or `wh_pin_thread`). 0, or -1 with `errno` set.
int wh_unpin_thread(int thread);

#endif
