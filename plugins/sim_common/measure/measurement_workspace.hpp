// Scratch memory reused across measurement and observable calls.
//
// Sampling needs a 2^k-entry distribution, var() of a sum and shot-based estimates need a copy of
// the state. Allocating those per call means first-touching fresh pages every time, which costs as
// much as the computation itself (far more on virtual machines). A device keeps one workspace, passes
// it to every call and counts capacity_bytes() in its memory footprint. Buffers only grow; release()
// returns the memory. Not thread-safe: one call at a time per workspace.
#pragma once

#include <complex>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

namespace qrt::sv {

class MeasurementWorkspace {
 public:
  // Each returns `count` elements of unspecified content, valid until the same buffer is requested again.
  std::span<double> distribution(std::size_t count) { return grow(distribution_, count); }
  std::span<std::uint64_t> guide(std::size_t count) { return grow(guide_, count); }
  std::span<std::uint64_t> outcomes(std::size_t count) { return grow(outcomes_, count); }
  std::span<std::complex<double>> state_copy(std::size_t count) { return grow(state_copy_, count); }
  std::span<std::complex<double>> state_image(std::size_t count) { return grow(state_image_, count); }
  // The same, in the precision of a state with scalar type T (double or float).
  template <class T>
  std::span<std::complex<T>> state_copy_as(std::size_t count) {
    if constexpr (std::is_same_v<T, float>) return grow(state_copy_f32_, count);
    else return state_copy(count);
  }
  template <class T>
  std::span<std::complex<T>> state_image_as(std::size_t count) {
    if constexpr (std::is_same_v<T, float>) return grow(state_image_f32_, count);
    else return state_image(count);
  }

  std::uint64_t capacity_bytes() const {
    return bytes(distribution_) + bytes(guide_) + bytes(outcomes_) + bytes(state_copy_) + bytes(state_image_) +
           bytes(state_copy_f32_) + bytes(state_image_f32_);
  }

  void release() { *this = MeasurementWorkspace(); }

 private:
  template <class T>
  static std::span<T> grow(std::vector<T>& buffer, std::size_t count) {
    if (buffer.size() < count) {
      buffer = std::vector<T>();  // free first: never hold the old and the new buffer together
      buffer.resize(count);
    }
    return {buffer.data(), count};
  }
  template <class T>
  static std::uint64_t bytes(const std::vector<T>& buffer) {
    return buffer.capacity() * sizeof(T);
  }

  std::vector<double> distribution_;
  std::vector<std::uint64_t> guide_;
  std::vector<std::uint64_t> outcomes_;
  std::vector<std::complex<double>> state_copy_;
  std::vector<std::complex<double>> state_image_;
  std::vector<std::complex<float>> state_copy_f32_;
  std::vector<std::complex<float>> state_image_f32_;
};

}  // namespace qrt::sv
