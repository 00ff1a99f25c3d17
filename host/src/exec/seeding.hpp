// Seeding a device for a run. set_seed is optional in the device ABI: a device without it draws its own
// randomness. A seed the caller asked for must reach the device (else the run is refused, naming the
// device); a seed qrt picked only so that the run could be repeated is dropped on such a device.
#pragma once

#include <qrt/device.hpp>

#include <cstdint>

namespace qrt::exec {

enum class SeedUse {
  Required,     // asked for: a device that cannot be seeded refuses the run (Error(Unsupported))
  IfSupported,  // picked by qrt: a device that cannot be seeded runs unseeded
};

// Returns whether the device took the seed.
bool seed_device(Device& device, std::uint64_t seed, SeedUse use);

}  // namespace qrt::exec
