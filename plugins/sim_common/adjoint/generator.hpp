// Generators of the differentiable gates, in the simulator's qubit terms, for the adjoint method.
//
// For a gate U(θ) as the device applies it (adjoint flag and controls included) the generator of
// parameter θ is the Hermitian G with dU/dθ = -i G U (G on the *output* side of U). Then, with λ the
// observable's state swept back to just after U and ψ the state just after U,
//   d<O>/dθ = 2 Re <λ| dU/dθ |ψ_before> = 2 Im <λ| G |ψ>.
// Every generator here is a small operator on the gate's targets restricted to a control subspace
// (a projector), or a Z-parity diagonal (IsingZZ, MultiRZ): <λ|G|ψ> is one pass over both vectors,
// G|ψ> is never formed.
#pragma once

#include "kernels/qubit_op.hpp"

#include <array>
#include <complex>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace qrt::sv {

struct Generator {
  enum class Kind : std::uint8_t {
    Local,   // G = P_controls ⊗ sum of entries on `targets`
    Parity,  // G = P_controls ⊗ (even on even parity of parity_mask, odd on odd parity)
  };
  struct Entry {
    std::uint8_t row, col;  // local indices: targets[0] is the most significant bit
    Complex value;
  };
  static constexpr unsigned kMaxTargets = 4;

  Kind kind = Kind::Local;
  QubitMask control_mask = 0;    // G acts where these qubits...
  QubitMask control_values = 0;  // ...have these values, and is zero elsewhere
  std::array<unsigned, kMaxTargets> targets{};
  unsigned num_targets = 0;
  std::vector<Entry> entries;  // Local: the non-zero entries
  QubitMask parity_mask = 0;   // Parity
  double even = 0.0, odd = 0.0;
};

// The catalog gates whose parameters are differentiable (names as in gate_catalog()).
std::span<const std::string_view> differentiable_gates();

// A gate call in qubit terms: `wires` are the call's qubits in call order (the gate's own controls
// first, then its targets), `extra_*` the call's additional controls.
struct GateCallQubits {
  std::string_view name;  // catalog name
  std::span<const double> params;
  std::span<const unsigned> wires;
  unsigned own_controls = 0;
  QubitMask extra_control_mask = 0, extra_control_values = 0;
  bool adjoint = false;
};

// The generator of parameter `param` of the call; nullopt when the gate is not differentiable.
// The call must be valid (as lower_gate_call checks it).
std::optional<Generator> gate_generator(const GateCallQubits& call, std::size_t param);

}  // namespace qrt::sv
