// The backend of an isolated device (isolate=true): the plugin's instance lives in a worker process
// (worker.hpp), which the backend owns. Whole programs and compiled programs are shipped to the worker
// and run there with the same code as in process; per-operation calls go there in batches: calls that
// return nothing (gates, resets, release, set_seed) are queued, and a call that needs an answer sends the
// queue and itself as one batch ({"op":"ops"}, op_format.hpp) and waits for the reply, so a circuit costs
// one round trip per result, not one per gate. The queue is also sent when it reaches kMaxQueuedWeight,
// and before a whole program runs.
//
// A queued call that fails in the worker stops its batch; the error (same code, naming the call and its
// index in the batch) is thrown by the call that sent the batch. A worker that dies during a call is
// Worker's Error(Internal) naming the device, the pid and the signal, thrown by that same call.
#pragma once

#include "device/backend.hpp"
#include "isolation/worker.hpp"

#include <boost/json/array.hpp>
#include <boost/json/value.hpp>

#include <memory>

namespace qrt {
class Device;
}

namespace qrt::isolation {

class IsolatedBackend final : public device::Backend {
 public:
  // Queued calls are sent once their total weight (1 per call plus its parameters, wires and matrix
  // entries) reaches this: bounds the host's buffer and the frame.
  static constexpr std::size_t kMaxQueuedWeight = std::size_t{1} << 16;

  // Starts the worker and creates the device in it (Worker::start's errors).
  static std::unique_ptr<device::Backend> start(WorkerIdentity identity);
  explicit IsolatedBackend(std::unique_ptr<Worker> worker);

  std::vector<Wire> allocate(std::size_t count) override;
  void release_qubits(std::span<const Wire> wires) override;
  std::size_t num_qubits() override;
  void apply_gate(const qrt_gate_call& gate) override;
  void apply_matrix(const qrt_matrix_call& call) override;
  int measure(Wire wire, int postselect) override;
  void reset_wire(Wire wire) override;
  double expval(const Observable& observable) override;
  double var(const Observable& observable) override;
  std::vector<double> probs(std::span<const Wire> wires) override;
  std::vector<std::uint8_t> sample(std::span<const Wire> wires) override;
  std::map<std::uint64_t, std::uint64_t> counts(std::span<const Wire> wires) override;
  std::vector<std::complex<double>> state() override;
  std::size_t state_size() override;
  void state_into(std::span<std::complex<double>> out) override;
  void set_shots(std::uint64_t shots) override;
  std::uint64_t shots() override { return shots_; }  // known since the create, the last reset or run
  void set_seed(std::uint64_t seed) override;
  std::uint64_t memory_bytes() override;  // asks the device (a round trip)

  qrt_device* native_handle() const noexcept override { return nullptr; }
  const qrt_device_functions* functions() const noexcept override { return nullptr; }
  const void* extension(const char*) const noexcept override { return nullptr; }

  device::ExecutionResult run_program(const program::LoweredProgram& program, const RunOptions& options,
                                      Device& self) override;
  void run_compiled(device::CompiledRun& run, Device& self) override;
  std::uint64_t reset() override;
  bool usable() const noexcept override { return worker_->idle_and_listening(); }

  // Sends what is queued (if anything); throws as described above.
  void flush();
  std::size_t queued() const noexcept { return queue_.size(); }
  Worker& worker() noexcept { return *worker_; }

 private:
  void enqueue(boost::json::array call, std::size_t weight);
  // Sends the queue followed by `call` and returns `call`'s result.
  boost::json::value ask(boost::json::array call);
  void discard() noexcept { queue_.clear(), weight_ = 0; }

  std::unique_ptr<Worker> worker_;
  boost::json::array queue_;
  std::size_t weight_ = 0;
  std::uint64_t shots_ = 0;
};

// For tests, which look at the worker process (its pid, its queue): the isolated backend of `device`, or
// null when the device runs in process. The host itself never asks which backend a device has.
IsolatedBackend* isolated_backend_of(const Device& device);

}  // namespace qrt::isolation
