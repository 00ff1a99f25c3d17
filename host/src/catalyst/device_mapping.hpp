// Which qrt device serves a Catalyst device_init. Catalyst names a device by its runtime class
// ("LightningSimulator", "NullQubit", ...), its library and a Python-dict kwargs string; qrt maps the class
// onto one of its devices, reads the kwargs (carrying over what the qrt device has, accepting what is
// inert, refusing what would change the result) and opens it through the pool, so that equal requests
// share pooled instances as in Catalyst.
#pragma once

#include <qrt/device_spec.hpp>
#include <qrt/runtime.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace qrt::catalyst {

struct DeviceRequest {
  std::string_view library, name, kwargs;  // as the module passed them
  // The shots argument of the 4- and 5-argument device_init; unset for the 3-argument forms, whose shots
  // are the kwargs' "shots" entry.
  std::optional<std::int64_t> shots;
};

struct MappedDevice {
  std::optional<DeviceSpec> spec;  // the qrt device to open (set by map_device)
  std::string config;              // its config, as reported (DeviceInit::config)
  std::uint64_t shots = 0;
};

// `override_device` (`qrt run -d`) replaces the device and its kwargs; the program's shots still apply.
// Throws qrt::Error(Config) for kwargs that do not parse, and qrt::Error(Unsupported) naming the device
// (and how to choose a qrt device with -d) when it cannot be mapped, or the key when a kwarg would change
// the result in a way the qrt device cannot honour.
MappedDevice map_device(const DeviceRequest& request, const std::optional<DeviceSpec>& override_device,
                        Runtime& runtime);

}  // namespace qrt::catalyst
