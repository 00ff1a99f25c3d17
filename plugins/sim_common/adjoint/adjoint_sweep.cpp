#include "adjoint/adjoint_sweep.hpp"

#include "adjoint/generator_inner.hpp"
#include "observables/expectation.hpp"
#include "state/parallel_copy.hpp"

#include <algorithm>
#include <limits>

namespace qrt::sv {

template <class T>
void adjoint_sweep(const Amplitude<T>* final_state, unsigned num_qubits, std::span<const BackwardStep> steps,
                   std::span<const Observable> observables, const AdjointOutputs& out,
                   std::span<Amplitude<T>* const> work, const ExecPolicy& policy, Workspace& workspace) {
  const std::size_t size = std::size_t{1} << num_qubits;
  const unsigned threads = std::max(policy.threads, 1u);
  const std::size_t batch = work.size() - 1;
  // The sweep stops at the first op with a trainable parameter: nothing before it matters.
  std::size_t first = steps.size();
  for (std::size_t k = 0; k < steps.size(); ++k)
    if (!steps[k].generators.empty()) {
      first = k;
      break;
    }
  Amplitude<T>* psi = work[0];
  for (std::size_t start = 0; start < observables.size(); start += batch) {
    const std::size_t count = std::min(batch, observables.size() - start);
    std::span<Amplitude<T>* const> lambdas = work.subspan(1, count);
    for (std::size_t i = 0; i < count; ++i) {
      apply_observable(final_state, num_qubits, observables[start + i], std::span<Amplitude<T>>(lambdas[i], size),
                       static_cast<int>(threads));
      if (!out.expvals.empty())
        out.expvals[start + i] = plain_inner(final_state, lambdas[i], num_qubits, threads).real();
    }
    if (first == steps.size()) continue;
    copy_amplitudes(psi, final_state, size, threads);
    for (std::size_t k = steps.size(); k-- > first;) {
      const BackwardStep& step = steps[k];
      for (const auto& [column, generator] : step.generators)
        for (std::size_t i = 0; i < count; ++i)
          out.jacobian[(start + i) * out.num_columns + column] =
              2.0 * generator_inner(lambdas[i], psi, num_qubits, generator, threads).imag();
      if (k == first) break;
      for (const QubitOp& op : step.inverse) {
        apply_op(psi, num_qubits, op, policy, workspace);
        for (Amplitude<T>* lambda : lambdas) apply_op(lambda, num_qubits, op, policy, workspace);
      }
    }
  }
}

#define QRT_SV_INSTANTIATE(T)                                                                                    \
  template void adjoint_sweep<T>(const Amplitude<T>*, unsigned, std::span<const BackwardStep>,                  \
                                 std::span<const Observable>, const AdjointOutputs&, std::span<Amplitude<T>* const>, \
                                 const ExecPolicy&, Workspace&);
QRT_SV_INSTANTIATE(double)
QRT_SV_INSTANTIATE(float)
#undef QRT_SV_INSTANTIATE

}  // namespace qrt::sv
