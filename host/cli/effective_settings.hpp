// The shots and seed a run actually used, whichever way they were given (--shots / --seed, the device's
// kwargs, or neither): every result reports them, so that any run can be reproduced with --seed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace qrt::cli {

// The device's own `shots` and `seed` kwargs, read from its canonical kwargs JSON (absent or null: unset).
struct DeviceSettings {
  std::optional<std::uint64_t> shots, seed;
};
DeviceSettings device_settings(const std::string& canonical_kwargs);

// The seed a run uses: --seed, else the device's seed kwarg, else a fresh random one. Under an MPI launcher
// the ranks could not agree on a fresh one: then nullopt (the device seeds itself, as it always did).
std::optional<std::uint64_t> effective_seed(std::optional<std::uint64_t> requested, const DeviceSettings& device);

// The canonical kwargs with `shots` and `seed` set to what the run used (for the device line and the
// JSON "config"); keys the device's schema does not have are not added.
std::string effective_kwargs(const std::string& canonical_kwargs, std::uint64_t shots, std::optional<std::uint64_t> seed);

}  // namespace qrt::cli
