#include "isolation/isolated_backend.hpp"

#include "device/instance.hpp"
#include "isolation/op_format.hpp"
#include "isolation/wire_values.hpp"

#include <algorithm>

namespace qrt::isolation {
namespace {

json::array bytes_array(const std::uint8_t* values, std::size_t count) {
  json::array out;
  out.reserve(values ? count : 0);
  for (std::size_t i = 0; values && i < count; ++i) out.emplace_back(values[i]);
  return out;
}

}  // namespace

IsolatedBackend::IsolatedBackend(std::unique_ptr<Worker> worker)
    : worker_(std::move(worker)), shots_(worker_->status().shots) {}

std::unique_ptr<device::Backend> IsolatedBackend::start(WorkerIdentity identity) {
  return std::make_unique<IsolatedBackend>(Worker::start(std::move(identity)));
}

void IsolatedBackend::enqueue(json::array call, std::size_t weight) {
  queue_.push_back(std::move(call));
  weight_ += 1 + weight;
  if (weight_ >= kMaxQueuedWeight) flush();
}

void IsolatedBackend::flush() {
  if (queue_.empty()) return;
  json::array batch = std::move(queue_);
  discard();
  worker_->apply_batch(std::move(batch));
}

json::value IsolatedBackend::ask(json::array call) {
  json::array batch = std::move(queue_);
  discard();
  batch.push_back(std::move(call));
  return worker_->apply_batch(std::move(batch));
}

std::vector<Wire> IsolatedBackend::allocate(std::size_t count) { return decode_wires(ask({"allocate", count})); }

void IsolatedBackend::release_qubits(std::span<const Wire> wires) {
  enqueue({"release_qubits", encode_wires(wires)}, wires.size());
}

std::size_t IsolatedBackend::num_qubits() { return number<std::size_t>(ask({"num_qubits"})); }

void IsolatedBackend::apply_gate(const qrt_gate_call& g) {
  json::array params;
  params.reserve(g.num_params);
  for (std::size_t i = 0; i < g.num_params; ++i) params.emplace_back(bits(g.params[i]));
  enqueue({"apply", g.gate_id, g.adjoint != 0, std::move(params), encode_wires({g.wires, g.num_wires}),
           encode_wires({g.controls, g.num_controls}), bytes_array(g.control_values, g.num_controls)},
          g.num_params + g.num_wires + 2 * g.num_controls);
}

void IsolatedBackend::apply_matrix(const qrt_matrix_call& m) {
  const std::size_t entries = (std::size_t{1} << m.num_wires) << m.num_wires;  // Device checked num_wires
  const auto* matrix = reinterpret_cast<const std::complex<double>*>(m.matrix);
  enqueue(
      {"apply_matrix", m.adjoint != 0, complex_array({matrix, matrix + entries}), encode_wires({m.wires, m.num_wires}),
       encode_wires({m.controls, m.num_controls}), bytes_array(m.control_values, m.num_controls)},
      2 * entries + m.num_wires + 2 * m.num_controls);
}

int IsolatedBackend::measure(Wire wire, int postselect) { return number<int>(ask({"measure", wire, postselect})); }

void IsolatedBackend::reset_wire(Wire wire) { enqueue({"reset_wire", wire}, 1); }

double IsolatedBackend::expval(const Observable& observable) {
  return from_bits(ask({"expval", encode_observable(observable)}));
}

double IsolatedBackend::var(const Observable& observable) {
  return from_bits(ask({"var", encode_observable(observable)}));
}

std::vector<double> IsolatedBackend::probs(std::span<const Wire> wires) {
  const json::value reply = ask({"probs", encode_wires(wires)});
  return doubles(array_of(reply, "probabilities"));
}

std::vector<std::uint8_t> IsolatedBackend::sample(std::span<const Wire> wires) {
  const json::value reply = ask({"sample", encode_wires(wires)});
  const json::string& s = text(reply, "samples");
  std::vector<std::uint8_t> out(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '0' && s[i] != '1') malformed("a sample that is not 0 or 1");
    out[i] = static_cast<std::uint8_t>(s[i] - '0');
  }
  return out;
}

std::map<std::uint64_t, std::uint64_t> IsolatedBackend::counts(std::span<const Wire> wires) {
  std::map<std::uint64_t, std::uint64_t> out;
  const json::value reply = ask({"counts", encode_wires(wires)});
  for (const auto& e : array_of(reply, "counts")) {
    const json::array& pair = array_of(e, "a count");
    if (pair.size() != 2) malformed("a count is not [outcome, count]");
    out[number<std::uint64_t>(pair[0])] = number<std::uint64_t>(pair[1]);
  }
  return out;
}

std::vector<std::complex<double>> IsolatedBackend::state() {
  const json::value reply = ask({"state"});
  return complexes(array_of(reply, "a state"));
}

std::size_t IsolatedBackend::state_size() { return number<std::size_t>(ask({"state_size"})); }

void IsolatedBackend::state_into(std::span<std::complex<double>> out) {
  const std::vector<std::complex<double>> copy = state();
  if (copy.size() != out.size())
    throw Error(ErrorCode::InvalidArgument, worker_->identity().device + ": state: the buffer holds " +
                                                std::to_string(out.size()) + " amplitudes, the state " +
                                                std::to_string(copy.size()));
  std::copy(copy.begin(), copy.end(), out.begin());
}

void IsolatedBackend::set_shots(std::uint64_t shots) {
  enqueue({"set_shots", shots}, 1);
  shots_ = number<std::uint64_t>(ask({"shots"}));
}

std::uint64_t IsolatedBackend::memory_bytes() { return number<std::uint64_t>(ask({"memory_bytes"})); }

void IsolatedBackend::set_seed(std::uint64_t seed) { enqueue({"set_seed", seed}, 1); }

device::ExecutionResult IsolatedBackend::run_program(const program::LoweredProgram& program, const RunOptions& options,
                                                     Device&) {
  flush();  // calls made before the program come first, as in process
  device::ExecutionResult result = worker_->run(program, options);
  shots_ = result.shots;
  return result;
}

void IsolatedBackend::run_compiled(device::CompiledRun& run, Device&) {
  flush();
  worker_->run_compiled(run);
  shots_ = worker_->status().shots;  // the run resets the device between and after its shots
}

std::uint64_t IsolatedBackend::reset() {
  discard();  // undone by the reset anyway
  const Worker::DeviceStatus status = worker_->reset();
  shots_ = status.shots;
  return status.bytes;
}

IsolatedBackend* isolated_backend_of(const Device& device) {
  return dynamic_cast<IsolatedBackend*>(&device::Access::backend(device, "isolated_backend_of"));
}

}  // namespace qrt::isolation
