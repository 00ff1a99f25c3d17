#include "kernels/apply_op.hpp"

#include "kernels/prepared_kernel.hpp"
#include "kernels/small_state.hpp"

#include <bit>
#include <stdexcept>
#include <string>

namespace qrt::sv {

namespace {

void check_op_fits(const QubitOp& op, unsigned num_qubits) {
  const QubitMask allowed = num_qubits >= 64 ? ~QubitMask{0} : (QubitMask{1} << num_qubits) - 1;
  if ((op.touched_mask() & ~allowed) != 0)
    throw std::invalid_argument("apply_op: the operation touches a qubit beyond the " + std::to_string(num_qubits) +
                                "-qubit state");
  if ((op.control_values & ~op.control_mask) != 0 || (op.a_bits & ~op.target_mask) != 0 ||
      (op.target_mask & op.control_mask) != 0)
    throw std::invalid_argument("apply_op: inconsistent operation masks");
  if (op.shape == OpShape::TwoLevel && op.target_mask == 0)
    throw std::invalid_argument("apply_op: a two-level operation needs at least one target");
  if (op.shape == OpShape::Dense) {
    QubitMask listed = 0;
    for (unsigned j = 0; j < op.num_targets; ++j) listed |= QubitMask{1} << op.targets[j];
    if (op.num_targets == 0 || listed != op.target_mask || std::popcount(listed) != static_cast<int>(op.num_targets))
      throw std::invalid_argument("apply_op: dense targets must be distinct and match the target mask");
  }
}

}  // namespace

template <class T>
void apply_op(Amplitude<T>* amps, unsigned num_qubits, const QubitOp& op, const ExecPolicy& policy,
              Workspace& workspace) {
  check_op_fits(op, num_qubits);
  if (num_qubits <= kSmallStateQubits && policy.small_state_path) return apply_small(amps, num_qubits, op);
  const unsigned threads = num_qubits >= policy.parallel_min_qubits && policy.threads > 1 ? policy.threads : 1;
  prepare_kernel<T>(op, num_qubits, kernel_table_for<T>(policy.simd, num_qubits), threads, workspace.coefficients,
                    workspace)
      .run(amps, num_qubits);
}

template <class T>
void apply_op_with_table(Amplitude<T>* amps, unsigned num_qubits, const QubitOp& op,
                         const kernels::KernelTable<T>& table, unsigned threads, Workspace& workspace) {
  check_op_fits(op, num_qubits);
  if (num_qubits < table.lanes_log2)
    throw std::invalid_argument(std::string("apply_op: the ") + table.name + " kernels need a state of at least " +
                                std::to_string(table.lanes_log2) + " qubits");
  prepare_kernel<T>(op, num_qubits, table, threads, workspace.coefficients, workspace).run(amps, num_qubits);
}

template void apply_op<double>(Amplitude<double>*, unsigned, const QubitOp&, const ExecPolicy&, Workspace&);
template void apply_op<float>(Amplitude<float>*, unsigned, const QubitOp&, const ExecPolicy&, Workspace&);
template void apply_op_with_table<double>(Amplitude<double>*, unsigned, const QubitOp&,
                                          const kernels::KernelTable<double>&, unsigned, Workspace&);
template void apply_op_with_table<float>(Amplitude<float>*, unsigned, const QubitOp&,
                                         const kernels::KernelTable<float>&, unsigned, Workspace&);

}  // namespace qrt::sv
