// The wall clock of a worker process, which can be the host's virtual clock: the worker defines
// (and exports, so that the bundle's libraries bind to them before the C library's) the calls
// that read the time of day — clock_gettime for CLOCK_REALTIME and CLOCK_REALTIME_COARSE,
// gettimeofday, time and timespec_get — and answers them from the clock set here, or, until one
// is set, from the C library's own (docs/isolation.md, "The clock").
#ifndef VIRTUAL_CLOCK_H
#define VIRTUAL_CLOCK_H

/// Makes the wall clock read `seconds` since 1970 (UTC) until it is set again: a virtual clock
/// stands still between the host's moves, so that what a bundle computes from it is the same on
/// every run. Thread-safe.
void wh_virtual_clock_set(double seconds);

/// Whether the wall clock is virtual (a time was set).
int wh_virtual_clock_is_set(void);

#endif
