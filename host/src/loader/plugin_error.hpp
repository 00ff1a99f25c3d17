// Error values coming back through the ABI: take ownership (destroyed through the plugin's own
// function, exactly once) and rethrow as qrt::Error naming the device and the operation.
#pragma once

#include <qrt/device_api.h>
#include <qrt/error.hpp>

#include <string_view>

namespace qrt::loader {

[[noreturn]] void throw_plugin_error(qrt_error* error, std::string_view device, std::string_view operation);

// The hot path: one compare when the call succeeded.
inline void check(qrt_error* error, std::string_view device, std::string_view operation) {
  if (error != nullptr) [[unlikely]]
    throw_plugin_error(error, device, operation);
}

}  // namespace qrt::loader
