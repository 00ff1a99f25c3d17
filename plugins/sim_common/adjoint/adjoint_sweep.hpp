// The backward sweep of the adjoint method (Jones & Gacon, arXiv:2009.02823; PennyLane-Lightning's
// adjoint Jacobian), on a state the forward pass has already produced:
//   ψ = copy of the final state, λ_i = O_i ψ (a batch of observables at a time);
//   for each op from the last: for its trainable parameters, d<O_i>/dθ = 2 Im <λ_i|G|ψ> (G its
//   generator, generator.hpp); then ψ ← U†ψ, λ_i ← U†λ_i (not past the first trainable op).
// Memory: the final state (left untouched) + ψ + one λ per observable of a batch.
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
  GateOps inverse;                                           // U†, applied to ψ and every λ
  std::vector<Complex> matrix;                               // what a matrix op's `inverse` borrows
  std::vector<std::pair<std::size_t, Generator>> generators;  // (Jacobian column, generator)
};

struct AdjointOutputs {
  std::size_t num_columns = 0;  // trainable parameters
  std::span<double> expvals;    // one per observable, or empty
  std::span<double> jacobian;   // observables x num_columns, row-major
};

// `work` holds 1 + b vectors of 2^num_qubits amplitudes (b >= 1): ψ and the λ of up to b observables
// at a time. Observables are validated (compiled) by the caller's conversion; errors: qrt::sv::Error.
template <class T>
void adjoint_sweep(const Amplitude<T>* final_state, unsigned num_qubits, std::span<const BackwardStep> steps,
                   std::span<const Observable> observables, const AdjointOutputs& out,
                   std::span<Amplitude<T>* const> work, const ExecPolicy& policy, Workspace& workspace);

}  // namespace qrt::sv
