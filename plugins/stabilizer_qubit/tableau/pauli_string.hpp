// One owning Pauli row (the operators that observables and scratch products need).
#pragma once

#include "tableau/pauli_row.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace qrt::stab {

enum class PauliLetter : std::uint8_t { I = 0, X = 1, Z = 2, Y = 3 };  // bit 0: x, bit 1: z

class PauliString {
 public:
  // The identity on `num_qubits` qubits, sign +.
  explicit PauliString(std::size_t num_qubits = 0)
      : num_qubits_(num_qubits), words_(2 * words_for(num_qubits), Word{0}) {}

  std::size_t num_qubits() const { return num_qubits_; }
  PauliLetter letter(std::size_t q) const {
    return static_cast<PauliLetter>(static_cast<unsigned>(cref().x(q)) | static_cast<unsigned>(cref().z(q)) << 1);
  }
  void set(std::size_t q, PauliLetter letter) {
    ref().set(q, static_cast<unsigned>(letter) & 1u, static_cast<unsigned>(letter) & 2u);
  }
  bool negative() const { return sign_ != 0; }
  void set_negative(bool negative) { sign_ = negative ? 1 : 0; }

  PauliRef ref() { return {words_.data(), &sign_, words_for(num_qubits_)}; }
  PauliCRef cref() const { return {words_.data(), &sign_, words_for(num_qubits_)}; }

 private:
  std::size_t num_qubits_;
  std::vector<Word> words_;
  std::uint8_t sign_ = 0;
};

}  // namespace qrt::stab
