// statevector.mpi: one state vector of n qubits split over the P = 2^k ranks of MPI_COMM_WORLD.
//
// Layout: the device's physical qubits 0..L-1 (L = n - k) are local (bits of the index into each
// rank's chunk of 2^L amplitudes), qubits L..n-1 are global (bits of the rank). The wire map
// (sim_common's WireMap) says which physical qubit holds each wire; it changes when a global qubit is
// swapped with a local one.
//
// Gates: controls and Parity (RZ-like) targets on global qubits need no communication: a rank
// whose bits do not satisfy the controls skips the op, and a global parity bit just picks the even or
// odd coefficient. Only TwoLevel/Dense targets must be local. Gates queue up (pending_) until a read
// or a full queue; then sim_common's window planner (tiles/window_planner.hpp, the one the tiled
// path uses) runs every queued gate the local qubits allow, and when the first gate left needs a
// global qubit, that qubit is swapped with the local qubit whose next use in the queue is furthest
// away (qubit_exchange.hpp: half a chunk each way, in bounded pieces). A swapped-in qubit stays local,
// so later gates on it cost nothing. The local gates between two exchanges go through the shell's
// queues: the tiled path on the chunk (kwarg tiles) or the fusion queue.
//
// Every rank runs the same program and every result of the core calls (probs, expval, var, sample,
// measure, state) is reduced or gathered so that all ranks return the same values; random draws that
// decide outcomes come from one generator whose seed rank 0 chooses and broadcasts. The distributed
// read-out (device/readout.cpp) delivers tables, top-K selections and the state to rank 0 only, without a
// gather, and draws shots the same way for every P.
//
// Precision: kwarg precision = double (complex128, default) or single (complex64). The chunk, the
// exchanges and the gathered state use the chosen type; the sums (norms, probabilities, expectation
// values) accumulate in double either way, as on statevector.qubit.
#pragma once

#include "device_common/by_precision.hpp"
#include "device_common/statevector_shell.hpp"
#include "mpi/mpi_session.hpp"
#include "mpi/qubit_exchange.hpp"
#include "observables/observable.hpp"
#include "state/state_vector.hpp"
#include "tiles/op_queue.hpp"

#include <qrt/sdk/kwargs.hpp>

#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

namespace qrt::mpi {

using qrt::sv::QubitMask;
using qrt::sv::QubitOp;

class MpiStatevectorDevice final : public qrt::sv::StatevectorShell {
 public:
  static constexpr std::string_view name = "statevector.mpi";
  static constexpr std::string_view version = "0.1.0";
  static constexpr std::string_view description =
      "State vector distributed over the 2^k ranks of MPI_COMM_WORLD (run under mpirun); statevector.qubit's "
      "kernels for the local part, global-local qubit swaps for the rest";

  static qrt::sdk::Capabilities capabilities();  // the shell's, collective

  explicit MpiStatevectorDevice(const qrt::sdk::Kwargs& kwargs);
  explicit MpiStatevectorDevice(const qrt::sv::DeviceOptions& options);

  void reset() override;
  std::vector<qrt::sdk::Wire> allocate_qubits(std::size_t count) override;
  void release_qubits(std::span<const qrt::sdk::Wire> wires) override;
  std::size_t num_qubits() const override { return wires_.num_qubits(); }

  void apply_gate(const qrt::sdk::GateCall& call) override;
  void apply_matrix(const qrt::sdk::MatrixCall& call) override;
  int measure(qrt::sdk::Wire wire, std::optional<int> postselect) override;
  void reset_wire(qrt::sdk::Wire wire) override;
  double expval(const qrt::sdk::Observable& observable) override;
  double var(const qrt::sdk::Observable& observable) override;
  void probs(std::span<const qrt::sdk::Wire> wires, std::span<double> out) override;
  void sample(std::span<const qrt::sdk::Wire> wires, std::span<std::uint8_t> out) override;
  std::size_t state_size() override { return std::size_t{1} << wires_.num_qubits(); }
  void state(std::span<qrt::sdk::Complex> out) override;
  std::uint64_t memory_bytes() const override;

  // Distributed read-out (device/readout.cpp; the extension qrt.distributed_readout/1 in
  // device/readout_extension.cpp). Collective: every rank calls them alike; results reach rank 0 only.
  // A sink returns 0 to go on, a qrt_status_code to stop (then every rank throws that code).
  using TableSink = std::function<int(std::uint64_t first, const double* values, std::size_t count)>;
  struct TopOutcome {
    std::uint64_t outcome;
    double probability;
  };
  struct TopOutcomes {
    std::vector<TopOutcome> entries;  // largest first, ties by outcome; rank 0 only
    std::uint64_t above_threshold = 0;
    double total_probability = 0, kept_probability = 0;
  };
  static const void* extension(std::string_view id) noexcept;
  void probs_to_rank0(std::span<const qrt::sdk::Wire> wires, const TableSink& sink);
  TopOutcomes top_outcomes(std::span<const qrt::sdk::Wire> wires, std::uint64_t k, double threshold);
  void state_to_rank0(std::span<const qrt::sdk::Wire> wires, const TableSink& sink);
  // Every rank throws the lowest failing rank's `local_problem` (empty: fine here) with `code`.
  void agree(const std::string& local_problem, int code) const { agree_on_failure(comm_, local_problem, code); }

  int rank() const { return comm_.rank(); }
  int ranks() const { return comm_.size(); }
  unsigned global_qubits() const { return global_qubits_; }
  unsigned local_qubits() const { return local_qubits_; }
  const ExchangeStats& exchange_stats() const { return stats_; }
  // The physical qubit of a wire (< local_qubits(): local), for tests and benchmarks.
  unsigned physical_qubit(qrt::sdk::Wire wire) const { return wires_.qubit(wire, "physical_qubit"); }

 private:
  void apply(const QubitOp& op) override;      // OpSink: a fused local op reaches the chunk
  void flush_tiles(bool everything) override;  // the tiled queue reaches the chunk
  void flush() override;                       // the queued gates, then the shell's queues
  void make_room() override;
  void swap_qubits(unsigned a, unsigned b) override;  // the tiled queue relabelled local qubits
  // Runs the queued gates: those the local qubits allow, then exchanges for the next (see above).
  void drain_pending();
  void reseed();
  QubitMask global_mask() const;
  // Swaps every global qubit of `needed` with a local qubit outside `busy`; flushes the fuser first.
  void make_local(QubitMask needed, QubitMask busy, std::string_view operation);
  // The op restricted to this rank (global controls and parity bits resolved); false: nothing to do.
  bool localise(QubitOp& op) const;
  // The rank's bits of the amplitude index (its global qubits' values).
  QubitMask rank_bits() const { return static_cast<QubitMask>(comm_.rank()) << local_qubits_; }
  // Queues a gate whose targets are local: to the tiled queue as it is, or localised to the fusion queue.
  void queue_local(const QubitOp& op);
  // Queues the ops of one call; unsupported when one needs more local qubits than there are.
  void push_ops(std::span<const QubitOp> ops, std::string_view operation);
  // <O> with shots = 0 (device/observable_expval.cpp): each term once its moving qubits (X, Y, dense
  // factors) are local, Z factors on global qubits folded into signs; collective.
  double expval_exact(const qrt::sdk::Observable& observable);
  // The observable on physical qubits once its qubits are all local (flushes the fuser).
  qrt::sv::Observable local_observable(const qrt::sdk::Observable& observable, std::string_view operation);
  // How the outcomes over a wire list (MSB first, m >= k wires) lie on the ranks once arrange_blocks has
  // made the first k wires the global qubits: rank r holds the contiguous outcomes of block
  // block_of_rank[r], 2^(m-k) of them, over its local qubits `local_listed` (MSB first), summing over
  // its local qubits `local_summed`.
  struct BlockLayout {
    std::vector<std::size_t> local_listed, local_summed;
    std::vector<int> rank_of_block;
    std::uint64_t my_block = 0, block_size = 1;
  };
  // Swaps qubits so that the first k wires of `wires` are the global ones (at most k exchanges).
  BlockLayout arrange_blocks(std::span<const qrt::sdk::Wire> wires, std::string_view operation);
  // Outcomes [first, first + count) of this rank's block: probabilities (doubles_per_value 1) or
  // amplitudes (2, complex128).
  void fill_probabilities(const BlockLayout& layout, std::uint64_t first, std::size_t count, double* out) const;
  void fill_amplitudes(const BlockLayout& layout, std::uint64_t first, std::size_t count, double* out) const;
  // Every block's values to rank 0's sink in outcome order, one piece at a time; agreed failure.
  void stream_blocks(const BlockLayout& layout, int doubles_per_value, const TableSink& sink,
                     std::string_view operation);
  // `shots` outcomes of `wires` (MSB = wires[0]) in shot order, the same on every rank: inverse CDF in
  // outcome order of uniform draws shared by all ranks, so that a seed gives the same shots for every P.
  std::vector<std::uint64_t> draw_shots(std::span<const qrt::sdk::Wire> wires, std::uint64_t shots);
  // expval or var estimated from shots_ shots in the observable's eigenbasis (statevector.qubit's rules).
  double estimate_from_shots(const qrt::sdk::Observable& observable, bool variance, std::string_view operation);
  void rotate_wire_map(std::vector<qrt::sdk::Wire> wire_at_position);
  double allreduce_sum(double value) const;
  std::uint64_t chunk_capacity_bytes() const;

  // This rank's part of the state and the buffer its exchanges use, in the precision the kwargs chose.
  template <class T>
  struct Chunk {
    qrt::sv::BasicStateVector<T> amplitudes;
    std::vector<std::complex<T>> exchange_buffer;
  };

  Communicator comm_;
  unsigned global_qubits_ = 0;  // k = log2 P
  unsigned local_qubits_ = 0;   // L = n - k while qubits are allocated
  qrt::sv::ByPrecision<Chunk> chunk_;
  ExchangeStats stats_;
  qrt::sv::OpQueue pending_;  // gates not yet planned, on physical qubits (renamed at every exchange)
  // The shell's rng_ is identical on every rank (seeded by rank 0's seed).
};

}  // namespace qrt::mpi
