// The plugin library's entry point: exports statevector.mpi through the SDK.
#include "device/mpi_device.hpp"

#include <qrt/plugin.hpp>

QRT_PLUGIN("qrt-statevector-mpi", "0.1.0", qrt::mpi::MpiStatevectorDevice)
