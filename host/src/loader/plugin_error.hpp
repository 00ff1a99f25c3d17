// Error values coming back through the ABI: take ownership (destroyed through the plugin's own
// function, exactly once) and rethrow as qrt::Error naming the device and the operation.
#pragma once

#include <qrt/device_api.h>
#include <qrt/error.hpp>

#include "loader/plugin_exit_guard.hpp"

#include <cxxabi.h>

#include <filesystem>
#include <string_view>

namespace qrt::loader {

[[noreturn]] void throw_plugin_error(qrt_error* error, std::string_view device, std::string_view operation);

// The hot path: one compare when the call succeeded.
inline void check(qrt_error* error, std::string_view device, std::string_view operation) {
  if (error != nullptr) [[unlikely]]
    throw_plugin_error(error, device, operation);
}

// Called in a catch block around a call into a plugin: the C++ exception the plugin let out through the
// C ABI (which forbids it; the SDK never does) as an Error(Internal) naming the device, its library, the
// call and what was thrown — the plugin's bug, never taken for qrt's own.
[[noreturn]] void throw_escaped_exception(std::string_view device, const std::filesystem::path& library,
                                          std::string_view operation);

// A call into a plugin (`call` returns its qrt_error*), checked: an error value or an escaped exception
// becomes an Error, and an exit() during the call names the plugin (plugin_exit_guard.hpp). Costs two
// thread-local stores over check() when the call succeeds (no exception, no allocation).
template <class Call>
void call_plugin(std::string_view device, const std::filesystem::path& library, std::string_view operation,
                 Call&& call) {
  qrt_error* error = nullptr;
  try {
    const PluginCallScope scope({device, &library, operation});
    error = call();
  } catch (abi::__forced_unwind&) {  // a thread being cancelled or exiting: not an error, let it unwind
    throw;
  } catch (...) {
    throw_escaped_exception(device, library, operation);
  }
  check(error, device, operation);
}

}  // namespace qrt::loader
