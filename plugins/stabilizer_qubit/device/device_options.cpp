#include "device/device_options.hpp"

namespace qrt::stab {

qrt::sdk::Schema DeviceOptions::schema() {
  return qrt::sdk::Schema()
      .integer("shots", 0, "Shots for sample, counts and estimated expval/var; 0 means exact expval/var", 0)
      .integer("seed", std::nullopt, "Seed of the random generator (measurement outcomes, samples); null: random")
      .integer("max_qubits", kDefaultMaxQubits,
               "Most qubits allocated at once; the tableau takes n^2 / 2 bytes (65536 qubits: 2 GiB)", 1,
               kLargestMaxQubits);
}

DeviceOptions DeviceOptions::from_kwargs(const qrt::sdk::Kwargs& kwargs) {
  DeviceOptions options;
  options.shots = static_cast<std::uint64_t>(kwargs.integer("shots"));
  if (!kwargs.is_null("seed")) options.seed = static_cast<std::uint64_t>(kwargs.integer("seed"));
  options.max_qubits = static_cast<std::size_t>(kwargs.integer("max_qubits"));
  return options;
}

}  // namespace qrt::stab
