#ifndef FUZZER_DRIVER_H
#define FUZZER_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// What libFuzzer calls with each input: 0, or -1 to keep the input out of the corpus.
typedef int (*fuzzer_test_one_input)(const uint8_t *data, size_t size);

/// Runs libFuzzer (`LLVMFuzzerRunDriver`) with the process's command line on `test`; returns
/// its exit status. For executables that have a `main` of their own, as Swift's do.
int fuzzer_run(int argc, char **argv, fuzzer_test_one_input test);

#endif
