// The simulated state: 2^n complex amplitudes (T = double: complex128, float: complex64), qubit k = bit k of the
// amplitude index. Qubits are added on top (tensor product with |0>) and removed from the top, so growing and shrinking
// never reorders the existing amplitudes; the device maps its wire ids onto qubit indices.
#pragma once

#include "kernels/qubit_op.hpp"
#include "state/amplitude_buffer.hpp"

#include <cstddef>

namespace qrt::sv {

template <class T>
class BasicStateVector {
 public:
  using Element = Amplitude<T>;

  BasicStateVector() { reset(0); }

  unsigned num_qubits() const { return num_qubits_; }
  std::size_t size() const { return std::size_t{1} << num_qubits_; }
  Element* data() { return buffer_.data(); }
  const Element* data() const { return buffer_.data(); }
  std::size_t capacity_bytes() const { return buffer_.capacity_bytes(); }

  // Threads used to fill or move large amplitude ranges (0 or 1: the calling thread only).
  void set_threads(unsigned threads) { threads_ = threads; }

  // |0...0> on `num_qubits` qubits; keeps the allocation.
  void reset(unsigned num_qubits);
  // Appends `count` qubits in |0> as qubits n..n+count-1; the existing amplitudes keep their indices.
  void add_qubits(unsigned count);
  // Removes qubit n-1, which must hold the basis value `value` (the caller collapsed it): keeps the
  // half of the amplitudes where that qubit equals `value`.
  void remove_top_qubit(int value);

 private:
  void reserve_for(unsigned num_qubits, std::size_t keep);

  BasicAmplitudeBuffer<T> buffer_;
  unsigned num_qubits_ = 0;
  unsigned threads_ = 1;
};

using StateVector = BasicStateVector<double>;

}  // namespace qrt::sv
