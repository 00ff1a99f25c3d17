// Errors in the SDK: plugin code throws qrt::sdk::Error (or any std::exception); the SDK's boundary
// (adapter.hpp) turns it into a qrt_error value. Nothing throws across the C ABI.
#pragma once

#include <qrt/device_api.h>

#include <stdexcept>
#include <string>

namespace qrt::sdk {

class Error : public std::runtime_error {
 public:
  Error(qrt_status_code code, const std::string& message) : std::runtime_error(message), code_(code) {}
  qrt_status_code code() const noexcept { return code_; }

 private:
  qrt_status_code code_;
};

[[noreturn]] inline void throw_invalid_argument(const std::string& message) {
  throw Error(QRT_ERROR_INVALID_ARGUMENT, message);
}
[[noreturn]] inline void throw_unsupported(const std::string& message) { throw Error(QRT_ERROR_UNSUPPORTED, message); }
[[noreturn]] inline void throw_out_of_range(const std::string& message) {
  throw Error(QRT_ERROR_OUT_OF_RANGE, message);
}
[[noreturn]] inline void throw_failed_precondition(const std::string& message) {
  throw Error(QRT_ERROR_FAILED_PRECONDITION, message);
}

}  // namespace qrt::sdk
