// statevector.mpi's gate path: gates queue up and are planned before they reach the chunk (the window
// planner; exchanges chosen by the furthest next use), then go through the shell's tiled or fusion
// queue (mpi_device.hpp).
#include "device/mpi_device.hpp"

#include "device_common/gate_lowering.hpp"

#include <qrt/sdk/error.hpp>

#include <bit>
#include <string>

namespace qrt::mpi {

void MpiStatevectorDevice::apply(const QubitOp& op) {
  ++untiled_passes_;
  std::visit([&](auto& c) { qrt::sv::apply_op(c.amplitudes.data(), local_qubits_, op, policy_, workspace_); }, chunk_);
}

void MpiStatevectorDevice::flush_tiles(bool everything) {
  std::visit(
      [&](auto& c) {
        tiles_.flush(c.amplitudes.data(), local_qubits_, policy_, workspace_, *this, rank_bits(), everything);
      },
      chunk_);
}

void MpiStatevectorDevice::queue_local(const QubitOp& op) {
  // The tiled queue takes the op as every rank has it (its global controls and parity bits resolved
  // per tile from the rank's bits), so that every rank plans the same runs and relabels its local
  // qubits alike; the fusion queue takes this rank's part.
  if (!tiles_.empty() || tiles_.active_for(local_qubits_)) return queue_op(op, local_qubits_);
  QubitOp here = op;
  if (localise(here)) queue_op(here, local_qubits_);
}

bool MpiStatevectorDevice::localise(QubitOp& op) const {
  return qrt::sv::restrict_to_fixed(op, global_mask(), rank_bits());
}

void MpiStatevectorDevice::push_ops(std::span<const QubitOp> ops, std::string_view operation) {
  for (const QubitOp& op : ops) {
    const unsigned inside = static_cast<unsigned>(std::popcount(qrt::sv::footprint(op).inside));
    if (inside > local_qubits_)
      qrt::sdk::throw_unsupported(std::string(operation) + ": needs " + std::to_string(inside) +
                                  " local qubits but only " + std::to_string(local_qubits_) + " of " +
                                  std::to_string(wires_.num_qubits()) + " are local on " +
                                  std::to_string(comm_.size()) + " ranks; use fewer ranks");
  }
  for (const QubitOp& op : ops) pending_.push(op);
}

void MpiStatevectorDevice::apply_gate(const qrt::sdk::GateCall& call) {
  make_room();  // before lowering: a flush may relabel qubits
  const qrt::sv::GateOps ops = qrt::sv::lower_gate_call(call, wires_);
  push_ops(std::span<const QubitOp>(ops.begin(), ops.end()), call.name);
}

void MpiStatevectorDevice::apply_matrix(const qrt::sdk::MatrixCall& call) {
  make_room();
  const QubitOp op = qrt::sv::lower_matrix_call(call, wires_, matrix_storage_);
  push_ops(std::span<const QubitOp>(&op, 1), "QubitUnitary");
}

void MpiStatevectorDevice::make_room() {
  if (pending_.size() >= tiles_.queue_limit(local_qubits_)) flush();
  StatevectorShell::make_room();
}

void MpiStatevectorDevice::flush() {
  drain_pending();
  flush_queues();
}

void MpiStatevectorDevice::swap_qubits(unsigned a, unsigned b) {
  wires_.swap_qubits(a, b);
  pending_.swap_qubits(a, b);
}

void MpiStatevectorDevice::drain_pending() {
  const QubitMask local = (QubitMask{1} << local_qubits_) - 1;
  try {
    while (!pending_.empty()) {
      // Every gate the local qubits allow (and that commutes past the gates left for later).
      const qrt::sv::WindowRun run = qrt::sv::plan_window_run(pending_.footprints(), {local, local_qubits_, 0, 0});
      for (std::size_t i : run.ops) queue_local(pending_.at(i));
      pending_.keep(run.deferred);
      if (pending_.empty()) break;
      // The first gate left needs global qubits (it is blocked by nothing). The local gates run first
      // (the exchanges move their amplitudes; they may relabel local qubits, which renames the queue).
      flush_queues();
      const std::vector<qrt::sv::OpFootprint> rest = pending_.footprints();
      const QubitMask needed = rest[0].inside & global_mask();
      const QubitMask busy = rest[0].inside & local;
      // Belady: the local qubits whose next use is furthest away leave.
      std::vector<unsigned> leaving = qrt::sv::by_next_use(local & ~busy, qrt::sv::next_use(rest));
      for (QubitMask g = needed; g; g &= g - 1) {
        const unsigned global_qubit = static_cast<unsigned>(std::countr_zero(g));
        const unsigned local_qubit = leaving.back();  // enough: push_ops checked the local qubits suffice
        leaving.pop_back();
        std::visit(
            [&](auto& c) {
              swap_global_with_local(c.amplitudes.data(), local_qubits_, global_qubit, local_qubit, comm_,
                                     c.exchange_buffer, stats_);
            },
            chunk_);
        wires_.swap_qubits(global_qubit, local_qubit);
        pending_.swap_qubits(global_qubit, local_qubit);
      }
    }
  } catch (...) {
    pending_.clear();  // part-way through: what is left cannot be applied in order any more
    throw;
  }
}

}  // namespace qrt::mpi
