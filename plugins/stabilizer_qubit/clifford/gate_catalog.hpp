// The named gates of stabilizer.qubit (PennyLane names and matrices) and their conjugation tables,
// derived once from the matrices. Every gate here is Clifford, and so is its adjoint. One-wire gates
// also carry their singly-controlled forms where those are Clifford (PauliX/Y/Z and Identity: CNOT,
// CY, CZ; Hadamard, S and SX with a control are not Clifford and have no table).
#pragma once

#include "clifford/local_clifford.hpp"

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace qrt::stab {

struct CatalogGate {
  std::string name;
  unsigned num_wires;
  // Identity acts on any number of wires (>= 1), as in PennyLane, with or without controls; its
  // tables are the one-wire ones and there is nothing to apply.
  bool is_identity;
  std::array<LocalClifford, 2> table;  // [adjoint]
  // One-wire gates: [adjoint][control value]; empty when the controlled gate is not Clifford.
  std::array<std::array<std::optional<LocalClifford>, 2>, 2> controlled;
};

class GateCatalog {
 public:
  static const GateCatalog& instance();

  std::span<const CatalogGate> gates() const { return gates_; }
  const CatalogGate& gate(std::size_t id) const { return gates_.at(id); }
  std::optional<std::size_t> find(std::string_view name) const;

 private:
  GateCatalog();
  std::vector<CatalogGate> gates_;
};

// |0><0| (x) A + |1><1| (x) B as a 4x4 matrix: B acts when the control (first wire) is 1.
std::vector<Complex> controlled_matrix(std::span<const Complex> target, int control_value);

}  // namespace qrt::stab
