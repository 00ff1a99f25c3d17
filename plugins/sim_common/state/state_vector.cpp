#include "state/state_vector.hpp"

#include "state/parallel_copy.hpp"

#include <stdexcept>
#include <string>

namespace qrt::sv {

template <class T>
void BasicStateVector<T>::reserve_for(unsigned num_qubits, std::size_t keep) {
  if (num_qubits > kMaxStateQubits)
    throw std::length_error("a state of " + std::to_string(num_qubits) + " qubits exceeds the simulator's limit of " +
                            std::to_string(kMaxStateQubits));
  buffer_.reserve(std::size_t{1} << num_qubits, keep);
}

template <class T>
void BasicStateVector<T>::reset(unsigned num_qubits) {
  reserve_for(num_qubits, 0);
  num_qubits_ = num_qubits;
  fill_zero(data(), size(), threads_);
  data()[0] = T(1);
}

template <class T>
void BasicStateVector<T>::add_qubits(unsigned count) {
  if (count == 0) return;
  const unsigned grown = num_qubits_ + count;
  reserve_for(grown, size());
  const std::size_t old_size = size();
  num_qubits_ = grown;
  fill_zero(data() + old_size, size() - old_size, threads_);
}

template <class T>
void BasicStateVector<T>::remove_top_qubit(int value) {
  if (num_qubits_ == 0) throw std::logic_error("remove_top_qubit: the state has no qubits");
  if (value != 0 && value != 1) throw std::invalid_argument("remove_top_qubit: value must be 0 or 1");
  const std::size_t half = size() / 2;
  if (value == 1) copy_amplitudes(data(), data() + half, half, threads_);
  --num_qubits_;
}

template class BasicStateVector<double>;
template class BasicStateVector<float>;

}  // namespace qrt::sv
