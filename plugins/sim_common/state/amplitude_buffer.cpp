#include "state/amplitude_buffer.hpp"

#include <sys/mman.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>

namespace qrt::sv {

namespace {
constexpr std::size_t kHugePage = std::size_t{2} << 20;
constexpr std::size_t kMinAmplitudes = 4;  // one register of the widest SIMD level
}  // namespace

template <class T>
BasicAmplitudeBuffer<T>::~BasicAmplitudeBuffer() {
  release();
}

template <class T>
BasicAmplitudeBuffer<T>::BasicAmplitudeBuffer(BasicAmplitudeBuffer&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      capacity_(std::exchange(other.capacity_, 0)),
      mapping_(std::exchange(other.mapping_, nullptr)),
      mapping_bytes_(std::exchange(other.mapping_bytes_, 0)) {}

template <class T>
BasicAmplitudeBuffer<T>& BasicAmplitudeBuffer<T>::operator=(BasicAmplitudeBuffer&& other) noexcept {
  if (this != &other) {
    release();
    data_ = std::exchange(other.data_, nullptr);
    capacity_ = std::exchange(other.capacity_, 0);
    mapping_ = std::exchange(other.mapping_, nullptr);
    mapping_bytes_ = std::exchange(other.mapping_bytes_, 0);
  }
  return *this;
}

template <class T>
void BasicAmplitudeBuffer<T>::release() noexcept {
  if (mapping_) munmap(mapping_, mapping_bytes_);
  else std::free(data_);
  data_ = nullptr;
  mapping_ = nullptr;
  capacity_ = mapping_bytes_ = 0;
}

template <class T>
void BasicAmplitudeBuffer<T>::reserve(std::size_t count, std::size_t keep) {
  if (count < kMinAmplitudes) count = kMinAmplitudes;
  if (count <= capacity_) return;
  if (count > (SIZE_MAX - kHugePage) / sizeof(Complex)) throw std::bad_alloc();
  const std::size_t bytes = count * sizeof(Complex);

  BasicAmplitudeBuffer fresh;
  if (bytes >= kHugePage) {
    const std::size_t mapped = bytes + kHugePage;  // slack to align the start to a huge page
    void* region = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (region == MAP_FAILED) throw std::bad_alloc();
    const auto start = (reinterpret_cast<std::uintptr_t>(region) + kHugePage - 1) & ~(kHugePage - 1);
    madvise(reinterpret_cast<void*>(start), bytes, MADV_HUGEPAGE);  // advisory: failure is harmless
    fresh.mapping_ = region;
    fresh.mapping_bytes_ = mapped;
    fresh.data_ = reinterpret_cast<Complex*>(start);
  } else {
    void* p = std::aligned_alloc(64, (bytes + 63) / 64 * 64);
    if (!p) throw std::bad_alloc();
    fresh.data_ = static_cast<Complex*>(p);
  }
  fresh.capacity_ = count;
  if (keep > capacity_) keep = capacity_;
  if (keep) std::memcpy(static_cast<void*>(fresh.data_), data_, keep * sizeof(Complex));
  *this = std::move(fresh);
}

template class BasicAmplitudeBuffer<double>;
template class BasicAmplitudeBuffer<float>;

}  // namespace qrt::sv
