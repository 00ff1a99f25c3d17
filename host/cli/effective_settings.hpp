// The device line of a report: the config with the shots and seed the run actually used (qrt::run decides
// them; every result reports them, so that any run can be reproduced with --seed).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace qrt::cli {

// The canonical kwargs with `shots` and `seed` set to what the run used (for the device line and the
// JSON "config"); keys the device's schema does not have are not added.
std::string effective_kwargs(const std::string& canonical_kwargs, std::uint64_t shots,
                             std::optional<std::uint64_t> seed);

}  // namespace qrt::cli
