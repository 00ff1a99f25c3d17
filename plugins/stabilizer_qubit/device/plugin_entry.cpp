// The plugin library's entry point: exports stabilizer.qubit through the SDK.
#include "device/stabilizer_device.hpp"

#include <qrt/plugin.hpp>

QRT_PLUGIN("qrt-stabilizer", "0.1.0", qrt::stab::StabilizerDevice)
