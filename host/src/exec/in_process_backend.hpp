// The backend of a device whose plugin runs in this process: every call goes straight to the plugin's
// instance through its ABI table (an optional function the plugin lacks is Error(Unsupported)), and a
// whole program runs here with exec::execute. The pool creates it for a device that is not isolated; an
// isolated device's worker process creates one for the device it serves.
#pragma once

#include "device/backend.hpp"

#include <qrt/device_type.hpp>

#include <memory>
#include <string>

namespace qrt::exec {

// Creates the plugin's instance with `kwargs` (canonical JSON); `type` must be loaded here and outlive
// the backend. Throws the plugin's error, naming the device.
std::unique_ptr<device::Backend> create_in_process_backend(const DeviceType& type, const std::string& kwargs);

}  // namespace qrt::exec
