#include "kernels/workspace.hpp"

#include <cstdlib>
#include <new>

namespace qrt::sv {

void AlignedScratch::Free::operator()(double* p) const noexcept { std::free(p); }

double* AlignedScratch::get(std::size_t count) {
  if (count > capacity_) {
    const std::size_t bytes = (count * sizeof(double) + 63) / 64 * 64;
    auto* p = static_cast<double*>(std::aligned_alloc(64, bytes));
    if (!p) throw std::bad_alloc();
    data_.reset(p);
    capacity_ = bytes / sizeof(double);
  }
  return data_.get();
}

}  // namespace qrt::sv
