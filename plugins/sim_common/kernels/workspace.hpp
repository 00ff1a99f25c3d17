// Scratch memory reused across kernel calls, so that applying a gate allocates nothing.
#pragma once

#include "kernels/qubit_op.hpp"

#include <cstddef>
#include <memory>
#include <vector>

namespace qrt::sv {

// Grow-only, 64-byte aligned array of doubles (SIMD coefficient tables are loaded aligned).
class AlignedScratch {
 public:
  double* get(std::size_t count);
  // The same memory as `count` elements of R (double or float).
  template <class R>
  R* get_as(std::size_t count) {
    return reinterpret_cast<R*>(get((count * sizeof(R) + sizeof(double) - 1) / sizeof(double)));
  }

 private:
  struct Free {
    void operator()(double* p) const noexcept;
  };
  std::unique_ptr<double[], Free> data_;
  std::size_t capacity_ = 0;
};

struct Workspace {
  AlignedScratch coefficients;
  std::vector<Complex> matrix;  // a two-level op expanded to a dense matrix
};

}  // namespace qrt::sv
