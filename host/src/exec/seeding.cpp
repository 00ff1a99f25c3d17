#include "exec/seeding.hpp"

#include <qrt/error.hpp>

namespace qrt::exec {

bool seed_device(Device& device, std::uint64_t seed, SeedUse use) {
  try {
    device.set_seed(seed);
    return true;
  } catch (const Error& e) {
    if (e.code() != ErrorCode::Unsupported) throw;
    if (use == SeedUse::IfSupported) return false;
    throw Error(ErrorCode::Unsupported, device.name() +
                                            " cannot be seeded (it does not implement set_seed), so a run with "
                                            "a seed cannot be repeated on it; run without a seed (" +
                                            e.what() + ")");
  }
}

}  // namespace qrt::exec
