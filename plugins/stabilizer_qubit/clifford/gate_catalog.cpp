#include "clifford/gate_catalog.hpp"

#include <cmath>
#include <stdexcept>

namespace qrt::stab {

namespace {

const Complex kI{0, 1};
const double kHalfSqrt2 = std::sqrt(0.5);

struct GateMatrix {
  const char* name;
  unsigned num_wires;
  std::vector<Complex> matrix;  // row-major, first wire most significant
};

std::vector<GateMatrix> gate_matrices() {
  const std::vector<Complex> pauli_x{0, 1, 1, 0}, pauli_y{0, -kI, kI, 0}, pauli_z{1, 0, 0, -1};
  return {
      {"Identity", 1, {1, 0, 0, 1}},
      {"PauliX", 1, pauli_x},
      {"PauliY", 1, pauli_y},
      {"PauliZ", 1, pauli_z},
      {"Hadamard", 1, {kHalfSqrt2, kHalfSqrt2, kHalfSqrt2, -kHalfSqrt2}},
      {"S", 1, {1, 0, 0, kI}},
      {"SX", 1, {(1.0 + kI) / 2.0, (1.0 - kI) / 2.0, (1.0 - kI) / 2.0, (1.0 + kI) / 2.0}},
      {"CNOT", 2, controlled_matrix(pauli_x, 1)},
      {"CY", 2, controlled_matrix(pauli_y, 1)},
      {"CZ", 2, controlled_matrix(pauli_z, 1)},
      {"SWAP", 2, {1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1}},
      {"ISWAP", 2, {1, 0, 0, 0, 0, 0, kI, 0, 0, kI, 0, 0, 0, 0, 0, 1}},
  };
}

std::vector<Complex> adjoint_of(const std::vector<Complex>& m, std::size_t dim) {
  std::vector<Complex> a(m.size());
  for (std::size_t i = 0; i < dim; ++i)
    for (std::size_t j = 0; j < dim; ++j) a[j * dim + i] = std::conj(m[i * dim + j]);
  return a;
}

LocalClifford required_clifford(const std::vector<Complex>& m, unsigned num_wires, const char* name) {
  auto table = LocalClifford::from_unitary(m, num_wires);
  if (!table) throw std::logic_error(std::string("stabilizer.qubit gate catalog: ") + name + " is not Clifford");
  return *table;
}

}  // namespace

std::vector<Complex> controlled_matrix(std::span<const Complex> target, int control_value) {
  std::vector<Complex> m(16, Complex{0});
  const std::size_t active = control_value ? 2 : 0, idle = control_value ? 0 : 2;
  for (std::size_t r = 0; r < 2; ++r) {
    m[(idle + r) * 4 + idle + r] = 1;
    for (std::size_t c = 0; c < 2; ++c) m[(active + r) * 4 + active + c] = target[r * 2 + c];
  }
  return m;
}

GateCatalog::GateCatalog() {
  for (const GateMatrix& g : gate_matrices()) {
    const std::size_t dim = std::size_t{1} << g.num_wires;
    const std::vector<Complex> inverse = adjoint_of(g.matrix, dim);
    CatalogGate entry{
        g.name,
        g.num_wires,
        std::string_view(g.name) == "Identity",
        {required_clifford(g.matrix, g.num_wires, g.name), required_clifford(inverse, g.num_wires, g.name)},
        {}};
    if (g.num_wires == 1)
      for (int adjoint = 0; adjoint < 2; ++adjoint)
        for (int value = 0; value < 2; ++value)
          entry.controlled[adjoint][value] =
              LocalClifford::from_unitary(controlled_matrix(adjoint ? inverse : g.matrix, value), 2);
    gates_.push_back(std::move(entry));
  }
}

const GateCatalog& GateCatalog::instance() {
  static const GateCatalog catalog;
  return catalog;
}

std::optional<std::size_t> GateCatalog::find(std::string_view name) const {
  for (std::size_t i = 0; i < gates_.size(); ++i)
    if (gates_[i].name == name) return i;
  return std::nullopt;
}

}  // namespace qrt::stab
