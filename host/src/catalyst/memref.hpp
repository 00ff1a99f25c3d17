// MLIR's memref descriptors as compiled code passes them: {T* allocated, T* aligned, i64 offset,
// i64 sizes[R], i64 strides[R]} (strides in elements), and a checked, strided view of one.
#pragma once

#include <qrt/error.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace qrt::catalyst {

template <std::size_t R>
struct Descriptor {
  void* allocated;
  void* aligned;
  std::int64_t offset;
  std::int64_t sizes[R];
  std::int64_t strides[R];
};

template <>
struct Descriptor<0> {
  void* allocated;
  void* aligned;
  std::int64_t offset;
};

// Elements of type T of a rank-R descriptor. The constructor refuses a negative size or offset, and a
// NULL buffer holding elements, naming `what`.
template <class T, std::size_t R>
class MemrefView {
 public:
  MemrefView(const Descriptor<R>& d, std::string_view what) : d_(d) {
    if (d.offset < 0) throw Error(ErrorCode::InvalidArgument, std::string(what) + ": negative offset");
    for (std::size_t k = 0; k < R; ++k)
      if (d.sizes[k] < 0) throw Error(ErrorCode::InvalidArgument, std::string(what) + ": negative size");
    if (count() > 0 && !d.aligned) throw Error(ErrorCode::InvalidArgument, std::string(what) + ": NULL buffer");
  }
  std::size_t size(std::size_t k) const { return static_cast<std::size_t>(d_.sizes[k]); }
  std::size_t count() const {
    std::size_t n = 1;
    for (std::size_t k = 0; k < R; ++k) n *= size(k);
    return n;
  }
  // Element at a row-major flat index.
  T& operator[](std::size_t flat) const {
    std::int64_t at = d_.offset;
    for (std::size_t k = R; k-- > 0;) {
      at += static_cast<std::int64_t>(flat % size(k)) * d_.strides[k];
      flat /= size(k);
    }
    return static_cast<T*>(d_.aligned)[at];
  }
  bool contiguous() const {
    std::int64_t expected = 1;
    for (std::size_t k = R; k-- > 0;) {
      if (size(k) != 1 && d_.strides[k] != expected) return false;
      expected *= d_.sizes[k];
    }
    return true;
  }
  T* data() const { return static_cast<T*>(d_.aligned) + d_.offset; }
  std::vector<T> to_vector() const {
    std::vector<T> out(count());
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = (*this)[i];
    return out;
  }

 private:
  const Descriptor<R>& d_;
};

}  // namespace qrt::catalyst

namespace qrt::catalyst {

// A descriptor whose rank is known only at run time (print_tensor's and memrefCopy's unranked memrefs).
struct DynamicMemref {
  void* allocated = nullptr;
  void* aligned = nullptr;
  std::int64_t offset = 0;
  std::vector<std::int64_t> sizes, strides;

  // Reads the rank-`rank` descriptor at `descriptor`; refuses a negative rank, size or offset.
  static DynamicMemref read(const void* descriptor, std::int64_t rank, std::string_view what) {
    if (!descriptor) throw Error(ErrorCode::InvalidArgument, std::string(what) + ": NULL descriptor");
    if (rank < 0 || rank > 64)
      throw Error(ErrorCode::InvalidArgument, std::string(what) + ": rank " + std::to_string(rank));
    const auto* words = static_cast<const std::int64_t*>(descriptor);
    DynamicMemref m;
    m.allocated = reinterpret_cast<void*>(words[0]);
    m.aligned = reinterpret_cast<void*>(words[1]);
    m.offset = words[2];
    m.sizes.assign(words + 3, words + 3 + rank);
    m.strides.assign(words + 3 + rank, words + 3 + 2 * rank);
    if (m.offset < 0) throw Error(ErrorCode::InvalidArgument, std::string(what) + ": negative offset");
    for (auto s : m.sizes)
      if (s < 0) throw Error(ErrorCode::InvalidArgument, std::string(what) + ": negative size");
    if (m.count() > 0 && !m.aligned) throw Error(ErrorCode::InvalidArgument, std::string(what) + ": NULL buffer");
    return m;
  }
  std::size_t count() const {
    std::size_t n = 1;
    for (auto s : sizes) n *= static_cast<std::size_t>(s);
    return n;
  }
  // The element offset (from `aligned`, in elements) of a row-major flat index.
  std::int64_t element(std::size_t flat) const {
    std::int64_t at = offset;
    for (std::size_t k = sizes.size(); k-- > 0;) {
      at += static_cast<std::int64_t>(flat % static_cast<std::size_t>(sizes[k])) * strides[k];
      flat /= static_cast<std::size_t>(sizes[k]);
    }
    return at;
  }
};

}  // namespace qrt::catalyst
