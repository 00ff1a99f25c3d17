// The device shell statevector.qubit and statevector.mpi share: what does not depend on where the
// amplitudes live. The kwargs (DeviceOptions) and the execution policy they give the kernels, the wire
// map, the gate queues (the fusion queue and the tiled queue), the random generator and shots, the
// capabilities, and the checks whose messages both devices give alike. A device derives from it, owns
// its amplitudes (a ByPrecision), implements OpSink::apply (a fused op reaches them), flush_tiles (the
// tiled queue reaches them) and the SDK's state-dependent calls.
//
// Gates on states of more than tile_qubits qubits take the tiled queue (kwarg tiles, default on), the
// others the fusion queue. A flush of the tiled queue may relabel qubits (QubitRelabeller: the wire
// map follows): a device maps wires to qubits only after flushing.
#pragma once

#include "device_common/device_options.hpp"
#include "device_common/wire_map.hpp"
#include "fusion/fuser.hpp"
#include "kernels/apply_op.hpp"
#include "kernels/workspace.hpp"

#include <qrt/sdk/capabilities.hpp>
#include <qrt/sdk/device.hpp>
#include <qrt/sdk/schema.hpp>

#include <cstdint>
#include <random>
#include <string_view>
#include <vector>

namespace qrt::sv {

class StatevectorShell : public qrt::sdk::Device, protected OpSink, protected QubitRelabeller {
 public:
  static qrt::sdk::Schema schema() { return DeviceOptions::schema(); }
  // Every catalog gate with controls and adjoints, every observable and measurement (shots, state,
  // mid-circuit measurement and reset), 40 qubits.
  static qrt::sdk::Capabilities capabilities();

  void set_shots(std::uint64_t shots) override { shots_ = shots; }
  std::uint64_t shots() const override { return shots_; }
  void set_seed(std::uint64_t seed) override { rng_.seed(seed); }

  const DeviceOptions& options() const { return options_; }
  // The passes over the state so far (for benchmarks and tests): those of the tiled path, and the ops
  // the untiled path applied (one pass each, or part of one for ops on a control subspace).
  const TileStats& tile_stats() const { return tiles_.stats(); }
  std::uint64_t untiled_passes() const { return untiled_passes_; }

 protected:
  // Does not seed the generator: a device seeds it once it can (statevector.mpi broadcasts rank 0's seed).
  explicit StatevectorShell(const DeviceOptions& options);

  int threads() const { return static_cast<int>(options_.threads); }
  // Queues an op for a state of `num_qubits` qubits (the state the ops reach): the tiled queue when it
  // is active for that size or already holds ops, else the fusion queue. Never relabels qubits, so
  // the ops of one call may be lowered first and queued one by one.
  void queue_op(const QubitOp& op, unsigned num_qubits);
  // Makes room in a full tiled queue (runs until half of it is left): call before lowering a call's
  // ops (the flush may relabel qubits).
  virtual void make_room() {
    if (tiles_.full(tiled_qubits_)) flush_tiles(/*everything=*/false);
  }
  // Runs the queued ops: before any read of the amplitudes, and before the qubits they name change.
  // May relabel qubits: map wires to qubits after it. A device with a queue of its own before these
  // (statevector.mpi) runs that one first.
  virtual void flush() { flush_queues(); }
  // The fusion queue and the tiled queue only.
  void flush_queues() {
    fuser_.flush(*this);
    if (!tiles_.empty()) flush_tiles(/*everything=*/true);
  }
  // Runs the tiled queue on the device's amplitudes (TiledQueue::flush).
  virtual void flush_tiles(bool everything) = 0;
  // QubitRelabeller: the tiled queue exchanged two qubits' contents; the wire map follows (and a
  // device's own queue, which names qubits).
  void swap_qubits(unsigned a, unsigned b) override { wires_.swap_qubits(a, b); }
  // The shell's part of reset(): empty fusion queue and wire map, the kwargs' shots.
  void reset_shell();
  // The kwargs' seed, or a fresh random one when they give none.
  std::uint64_t seed_from_options() const;

  // allocate_qubits: out of range when `count` more qubits than the `allocated` ones exceed max_qubits.
  void check_allocation(std::size_t allocated, std::size_t count) const;
  // sample: failed precondition when the device has no shots.
  void require_shots_for_sample() const;
  // state: invalid argument when the output does not hold `size` amplitudes.
  static void check_state_output(std::size_t out_size, std::size_t size);

  DeviceOptions options_;
  ExecPolicy policy_;  // from options_
  WireMap wires_;
  Fuser fuser_;
  TiledQueue tiles_;
  Workspace workspace_;
  std::mt19937_64 rng_;
  std::uint64_t shots_;
  std::vector<Complex> matrix_storage_;  // the last apply_matrix's matrix, which its op borrows
  std::uint64_t untiled_passes_ = 0;     // OpSink::apply calls (a device's apply counts them)
  unsigned tiled_qubits_ = 0;            // the state size of the last queue_op (what the tiled queue's ops reach)
};

}  // namespace qrt::sv
