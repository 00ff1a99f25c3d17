// Test support for the runtime C API: installs a returning error handler for a scope and lets a test
// read the calling thread's last error.
#pragma once

#include <qrt/runtime.h>

#include <atomic>
#include <string>

namespace capi_test {

inline std::atomic<int> g_errors{0};

struct ReturningHandler {
  ReturningHandler() {
    g_errors = 0;
    qrt_set_error_handler([](const char*, void*) { ++g_errors; }, nullptr);
  }
  ~ReturningHandler() { qrt_set_error_handler(nullptr, nullptr); }
};

inline std::string last_error() { return qrt_last_error(); }
inline int8_t* s(const char* text) { return reinterpret_cast<int8_t*>(const_cast<char*>(text)); }

// Initialises the runtime on the build's plugin folder for one test and finalises it after.
struct RuntimeScope {
  RuntimeScope() { __quantum__rt__initialize(nullptr); }
  ~RuntimeScope() { __quantum__rt__finalize(); }
};

}  // namespace capi_test
