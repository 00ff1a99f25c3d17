// The plugin library's entry point: exports statevector.qubit through the SDK.
#include "device/statevector_device.hpp"

#include <qrt/plugin.hpp>

QRT_PLUGIN("qrt-statevector", "0.1.0", qrt::sv::StatevectorDevice)
