#include "clifford/basis_change.hpp"

#include <cmath>
#include <vector>

namespace qrt::stab {

namespace {

const double kH = std::sqrt(0.5);
const Complex kI{0, 1};

LocalClifford table_of(const std::vector<Complex>& unitary) { return *LocalClifford::from_unitary(unitary, 1); }

}  // namespace

const LocalClifford& x_to_z() {
  static const LocalClifford table = table_of({kH, kH, kH, -kH});
  return table;
}

const LocalClifford& y_to_z() {
  static const LocalClifford table = table_of({kH, -kI * kH, kH, kI * kH});
  return table;
}

}  // namespace qrt::stab
