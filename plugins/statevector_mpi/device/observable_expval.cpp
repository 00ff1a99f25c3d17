// statevector.mpi's exact expectation values (shots = 0), rank by rank, without making every qubit of the
// observable local at once: a Hamiltonian on all n qubits is evaluated on P ranks although only n - log2 P
// qubits are ever local.
//
// A term needs local only the qubits where it moves amplitudes (its X, Y, Hadamard and Hermitian factors).
// Its Z factors on global qubits are constant signs on each rank (the rank's bits), folded into its
// coefficient; its identity factors drop out. The terms whose moving qubits are local are evaluated
// together on the chunk (statevector.qubit's kernels: Pauli words grouped by flip mask in one walk); then,
// while terms remain, the first one's global moving qubits are swapped in (make_local) and every term
// that has become local is evaluated, until none is left. Every rank takes the same decisions from the
// same wire map, so the exchanges are collective; the partial sums are added over the ranks at the end.
#include "device/mpi_device.hpp"

#include "device_common/error_translation.hpp"
#include "device_common/observable_conversion.hpp"
#include "observables/expectation.hpp"

#include <variant>

namespace qrt::mpi {

double MpiStatevectorDevice::expval_exact(const qrt::sdk::Observable& observable) {
  using qrt::sv::FactorKind;
  std::vector<bool> done(observable.terms.size(), false);
  double local_sum = 0.0;
  for (;;) {
    flush();
    const qrt::sv::Observable physical = qrt::sv::to_qubit_observable(observable, wires_, "expval");
    const QubitMask global = global_mask();
    const QubitMask bits_of_rank = rank_bits();
    qrt::sv::Observable ready;
    QubitMask waiting = 0;  // the moving qubits of the first term that cannot be evaluated yet
    for (std::size_t t = 0; t < physical.terms.size(); ++t) {
      if (done[t]) continue;
      const qrt::sv::Term& term = physical.terms[t];
      QubitMask moving = 0;
      for (const qrt::sv::Factor& f : term.factors)
        if (f.kind != FactorKind::Identity && f.kind != FactorKind::PauliZ)
          for (std::size_t q : f.qubits) moving |= QubitMask{1} << q;
      if (moving & global) {
        if (waiting == 0) waiting = moving;
        continue;
      }
      qrt::sv::Term local{term.coefficient, {}};
      for (const qrt::sv::Factor& f : term.factors) {
        if (f.kind == FactorKind::Identity) continue;
        const bool on_global = f.kind == FactorKind::PauliZ && ((global >> f.qubits[0]) & 1u);
        if (!on_global) local.factors.push_back(f);
        else if ((bits_of_rank >> f.qubits[0]) & 1u) local.coefficient = -local.coefficient;
      }
      ready.terms.push_back(std::move(local));
      done[t] = true;
    }
    if (!ready.terms.empty())
      local_sum += qrt::sv::translate_errors([&] {
        return std::visit(
            [&](auto& c) { return qrt::sv::expval(c.amplitudes.data(), local_qubits_, ready, threads()); }, chunk_);
      });
    if (waiting == 0) break;
    make_local(waiting, waiting & ~global, "expval");
  }
  return allreduce_sum(local_sum);
}

}  // namespace qrt::mpi
