// Grow-only storage for complex amplitudes (T = double: complex128, float: complex64), 64-byte aligned. Large buffers
// are mapped 2 MiB aligned and advised as transparent huge pages: on this class of machine first-touching fresh memory
// is slow (page faults, ~0.3-0.7 GB/s), so a device keeps its buffer across resets and qubit (re)allocations instead of
// returning it to the system.
#pragma once

#include <complex>
#include <cstddef>

namespace qrt::sv {

template <class T>
class BasicAmplitudeBuffer {
 public:
  using Complex = std::complex<T>;

  BasicAmplitudeBuffer() = default;
  ~BasicAmplitudeBuffer();
  BasicAmplitudeBuffer(BasicAmplitudeBuffer&& other) noexcept;
  BasicAmplitudeBuffer& operator=(BasicAmplitudeBuffer&& other) noexcept;
  BasicAmplitudeBuffer(const BasicAmplitudeBuffer&) = delete;
  BasicAmplitudeBuffer& operator=(const BasicAmplitudeBuffer&) = delete;

  // Ensures room for `count` amplitudes, preserving the first `keep` (<= current capacity).
  // Throws std::bad_alloc when the memory cannot be had.
  void reserve(std::size_t count, std::size_t keep);

  Complex* data() const { return data_; }
  std::size_t capacity() const { return capacity_; }
  std::size_t capacity_bytes() const { return capacity_ * sizeof(Complex); }

 private:
  void release() noexcept;

  Complex* data_ = nullptr;
  std::size_t capacity_ = 0;
  void* mapping_ = nullptr;  // non-null when data_ lives in an mmap'ed region
  std::size_t mapping_bytes_ = 0;
};

using AmplitudeBuffer = BasicAmplitudeBuffer<double>;

}  // namespace qrt::sv
