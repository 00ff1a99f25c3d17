// Basis-state labels, qubit 0 rightmost, without an allocation per label.
#pragma once

#include <cstddef>
#include <string>

namespace qrt::cli {

// The label of `index` over n qubits, written into `out` (resized to n).
inline void basis_label(std::size_t index, std::size_t n, std::string& out) {
  out.assign(n, '0');
  for (std::size_t k = 0; k < n; ++k)
    if ((index >> k) & 1u) out[n - 1 - k] = '1';
}

// Labels of 0, 1, 2, ... in order: each step is a binary increment of the text (amortised O(1)).
class BasisCounter {
 public:
  explicit BasisCounter(std::size_t n) : label_(n, '0') {}
  const std::string& label() const { return label_; }
  void next() {
    for (std::size_t k = label_.size(); k-- > 0;) {
      if (label_[k] == '0') {
        label_[k] = '1';
        return;
      }
      label_[k] = '0';
    }
  }

 private:
  std::string label_;
};

}  // namespace qrt::cli
