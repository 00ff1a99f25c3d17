// The adjoint method's work states (ψ and the λ of a batch), kept by the device between calls like its
// own state buffer: first-touching fresh memory costs as much as the sweep on large states.
#pragma once

#include "kernels/qubit_op.hpp"
#include "state/amplitude_buffer.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace qrt::sv {

template <class T>
class AdjointWorkVectors {
 public:
  // `count` vectors of `size` amplitudes (contents unspecified). std::bad_alloc when they cannot be had.
  std::vector<Amplitude<T>*> vectors(std::size_t count, std::size_t size) {
    if (buffers_.size() < count) buffers_.resize(count);
    std::vector<Amplitude<T>*> out;
    for (std::size_t i = 0; i < count; ++i) {
      buffers_[i].reserve(size, 0);
      out.push_back(buffers_[i].data());
    }
    return out;
  }
  // Bytes already held for `count` vectors of `size` amplitudes (what vectors() need not allocate).
  std::uint64_t held_bytes_toward(std::size_t count, std::size_t size) const {
    std::uint64_t held = 0;
    for (std::size_t i = 0; i < count && i < buffers_.size(); ++i)
      held += std::min<std::uint64_t>(buffers_[i].capacity(), size) * sizeof(Amplitude<T>);
    return held;
  }
  std::uint64_t capacity_bytes() const {
    std::uint64_t bytes = 0;
    for (const auto& b : buffers_) bytes += b.capacity_bytes();
    return bytes;
  }
  void release() { buffers_.clear(); }

 private:
  std::vector<BasicAmplitudeBuffer<T>> buffers_;
};

}  // namespace qrt::sv
