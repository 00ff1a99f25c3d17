// The host's side of the per-operation calls on an isolated device: Device's methods hand them here
// (runtime/device.cpp) when the instance lives in a worker process. Calls that return nothing (gates,
// resets, release, set_seed) are queued; a call that needs an answer sends the queue and itself as one
// batch ({"op":"ops"}, op_format.hpp) and waits for the reply, so a circuit costs one round trip per
// result, not one per gate. The queue is also sent when it reaches kMaxQueuedWeight.
//
// A queued call that fails in the worker stops its batch; the error (same code, naming the call and its
// index in the batch) is thrown by the call that sent the batch. A worker that dies during a batch is
// Worker's usual Error(Internal) naming the device, the pid and the signal, thrown by that same call.
#pragma once

#include <qrt/observable.hpp>

#include <boost/json/array.hpp>
#include <boost/json/value.hpp>

#include <complex>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <vector>

namespace qrt::isolation {

class Worker;

class RemoteDevice {
 public:
  // Queued calls are sent once their total weight (1 per call plus its parameters, wires and matrix
  // entries) reaches this: bounds the host's buffer and the frame.
  static constexpr std::size_t kMaxQueuedWeight = std::size_t{1} << 16;

  explicit RemoteDevice(Worker& worker) : worker_(worker) {}

  std::vector<Wire> allocate(std::size_t count);
  void release_qubits(std::span<const Wire> wires);
  std::size_t num_qubits();
  void apply(std::uint32_t gate_id, std::span<const double> params, std::span<const Wire> wires,
             std::span<const Wire> controls, std::span<const std::uint8_t> control_values, bool adjoint);
  void apply_matrix(std::span<const std::complex<double>> matrix, std::span<const Wire> wires,
                    std::span<const Wire> controls, std::span<const std::uint8_t> control_values, bool adjoint);
  int measure(Wire wire, std::optional<int> postselect);
  void reset_wire(Wire wire);
  double expval(const Observable& observable);
  double var(const Observable& observable);
  std::vector<double> probs(std::span<const Wire> wires);
  std::vector<std::uint8_t> sample(std::span<const Wire> wires);
  std::map<std::uint64_t, std::uint64_t> counts(std::span<const Wire> wires);
  std::vector<std::complex<double>> state();
  void set_shots(std::uint64_t shots);
  void set_seed(std::uint64_t seed);
  // Asks the device (the Worker's cached figure dates from its creation or last reset).
  std::uint64_t memory_bytes();

  // Sends what is queued (if anything); throws as described above.
  void flush();
  // Forgets what is queued: the device is being reset, which would undo it anyway.
  void discard() noexcept { queue_.clear(), weight_ = 0; }
  std::size_t queued() const noexcept { return queue_.size(); }

 private:
  void enqueue(boost::json::array call, std::size_t weight);
  // Sends the queue followed by `call` and returns `call`'s result.
  boost::json::value ask(boost::json::array call);

  Worker& worker_;
  boost::json::array queue_;
  std::size_t weight_ = 0;
};

}  // namespace qrt::isolation
