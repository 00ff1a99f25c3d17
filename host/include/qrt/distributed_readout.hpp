// qrt::DistributedReadout — the read-out of a device that spans the ranks of an MPI job (statevector.mpi),
// through its extension qrt.distributed_readout/1 (plugin_api/include/qrt/extensions/distributed_readout.h):
// probability tables and the state reach rank 0 piece by piece in index order, top-K selections are merged
// on rank 0, and no rank ever holds a whole table. Every call is collective: every rank makes it, with the
// same arguments, at the same point of its run; results are delivered on rank 0 only.
//
// Errors: qrt::Error naming the device and the call, on every rank alike. A sink that throws stops the
// delivery: the device then fails on every rank, and rank 0 rethrows the sink's own exception.
// Threads: like Device (one thread at a time per device).
#pragma once

#include <qrt/device.hpp>

#include <complex>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

struct qrt_distributed_readout_extension;

namespace qrt {

class DistributedReadout {
 public:
  // The extension of `device`, or nullopt when it offers none (every device but statevector.mpi, and an
  // isolated instance). The device must outlive the result.
  static std::optional<DistributedReadout> of(Device& device);

  // Probabilities of `wires` (wires[0] most significant; empty: all wires in allocation order): sink(first,
  // values) receives values [first, first + values.size()) in increasing order, on rank 0.
  using ProbabilitySink = std::function<void(std::uint64_t first, std::span<const double> values)>;
  void probabilities(std::span<const Wire> wires, const ProbabilitySink& sink) const;

  // The state over `wires`, a permutation of every allocated wire (empty: allocation order), on rank 0.
  using AmplitudeSink = std::function<void(std::uint64_t first, std::span<const std::complex<double>> values)>;
  void state(std::span<const Wire> wires, const AmplitudeSink& sink) const;

  // The k most likely outcomes of `wires` above `threshold` (1 <= k <= 2^m), largest first, ties by
  // outcome; on rank 0 (empty entries elsewhere).
  struct Top {
    std::vector<std::pair<std::uint64_t, double>> entries;
    std::uint64_t above_threshold = 0;
    double total_probability = 0, kept_probability = 0;
  };
  Top top(std::span<const Wire> wires, std::uint64_t k, double threshold) const;

 private:
  DistributedReadout(Device& device, const qrt_distributed_readout_extension& functions)
      : device_(&device), functions_(&functions) {}
  Device* device_;
  const qrt_distributed_readout_extension* functions_;
};

}  // namespace qrt
