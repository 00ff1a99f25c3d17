// The backward sweep of the adjoint method (Jones & Gacon, arXiv:2009.02823; PennyLane-Lightning's
// adjoint Jacobian), on a state the forward pass has already produced:
//   for each observable O in turn: ψ = copy of the final state, λ = O ψ;
//   for each op from the last: for its trainable parameters, d<O>/dθ = 2 Im <λ|G|ψ> (G its
//   generator, generator.hpp); then ψ ← U†ψ, λ ← U†λ (not past the first trainable op).
// Memory: the final state (left untouched) + ψ + λ, whatever the number of observables. (A batch of λs
// per sweep saves ψ's work but not memory traffic, and the one-pass kernels serve one λ.)
#pragma once

#include "adjoint/generator.hpp"
#include "gates/gate_ops.hpp"
#include "kernels/apply_op.hpp"
#include "kernels/workspace.hpp"
#include "observables/observable.hpp"

#include <cstddef>
#include <span>
#include <utility>
#include <vector>

namespace qrt::sv {

// One circuit op as the sweep needs it.
struct BackwardStep {
  GateOps inverse;                                            // U†, applied to ψ and λ
  std::vector<Complex> matrix;                                // what a matrix op's `inverse` borrows
  std::vector<std::pair<std::size_t, Generator>> generators;  // (Jacobian column, generator)
};

struct AdjointOutputs {
  std::size_t num_columns = 0;  // trainable parameters
  std::span<double> expvals;    // one per observable, or empty
  std::span<double> jacobian;   // observables x num_columns, row-major
};

// `psi` and `lambda` hold 2^num_qubits amplitudes each (work space: contents unspecified on entry and
// exit). Observables are validated (compiled) by the caller's conversion; errors: qrt::sv::Error.
template <class T>
void adjoint_sweep(const Amplitude<T>* final_state, unsigned num_qubits, std::span<const BackwardStep> steps,
                   std::span<const Observable> observables, const AdjointOutputs& out, Amplitude<T>* psi,
                   Amplitude<T>* lambda, const ExecPolicy& policy, Workspace& workspace);

}  // namespace qrt::sv
