// The random numbers a program draws (__quantum__qis__drawrandomint/drawrandomdouble): one generator per
// thread, seeded with each shot's seed, so that a seeded run draws the same numbers every time.
#pragma once

#include <cstdint>
#include <random>

namespace qrt::capi {

void seed_program_random(std::uint64_t seed) noexcept;
// The calling thread's generator (seeded from std::random_device until a shot seeds it).
std::mt19937_64& program_random() noexcept;

}  // namespace qrt::capi
