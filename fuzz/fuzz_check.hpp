// Invariant checks for the fuzz targets: a violated invariant prints what failed and aborts, which
// libFuzzer reports as a crash (and saves the input), like a sanitizer report.
#pragma once

#include <cstdio>
#include <cstdlib>

#define QRT_FUZZ_CHECK(condition, what)                                                                               \
  do {                                                                                                                \
    if (!(condition)) {                                                                                               \
      std::fprintf(stderr, "qrt fuzz invariant failed: %s\n  (%s) at %s:%d\n", what, #condition, __FILE__, __LINE__); \
      std::abort();                                                                                                   \
    }                                                                                                                 \
  } while (0)
