// What a worker opens for a config: the config resolved once at submit time, with the executor's
// thread budget applied (see executor.hpp, "Thread budget").
#pragma once

#include <qrt/runtime.hpp>

#include <cstddef>
#include <string>
#include <string_view>

namespace qrt::async {

// Arguments of Runtime::open(library, name, kwargs); `kwargs` is canonical JSON.
struct DeviceTarget {
  std::string library, name, kwargs;
};

// Resolves `config` through `runtime` (throws qrt::Error as Runtime::resolve does). When
// `device_threads` > 0 and the device's schema declares an integer `threads` kwarg that the config
// does not set, `threads` becomes `device_threads`, clamped to the schema's range.
DeviceTarget resolve_target(Runtime& runtime, std::string_view config, std::size_t device_threads);

}  // namespace qrt::async
