// The kwargs of stabilizer.qubit, parsed once.
#pragma once

#include <qrt/sdk/kwargs.hpp>
#include <qrt/sdk/schema.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>

namespace qrt::stab {

struct DeviceOptions {
  static constexpr std::int64_t kDefaultMaxQubits = std::int64_t{1} << 16;
  static constexpr std::int64_t kLargestMaxQubits = std::int64_t{1} << 20;

  std::uint64_t shots = 0;
  std::optional<std::uint64_t> seed;  // nullopt: seeded from std::random_device
  std::size_t max_qubits = kDefaultMaxQubits;

  static qrt::sdk::Schema schema();
  static DeviceOptions from_kwargs(const qrt::sdk::Kwargs& kwargs);
};

}  // namespace qrt::stab
