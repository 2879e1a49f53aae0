#include "fuzzer_driver.h"

// Defined by libFuzzer (linked with -sanitize=fuzzer).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test)(const uint8_t *data, size_t size));

int fuzzer_run(int argc, char **argv, fuzzer_test_one_input test) {
  return LLVMFuzzerRunDriver(&argc, &argv, test);
}
