#include "isolation/remote_device.hpp"

#include "isolation/op_format.hpp"
#include "isolation/wire_values.hpp"
#include "isolation/worker.hpp"

namespace qrt::isolation {
namespace {

json::array bytes_array(std::span<const std::uint8_t> values) {
  json::array out;
  out.reserve(values.size());
  for (auto v : values) out.emplace_back(v);
  return out;
}

}  // namespace

void RemoteDevice::enqueue(json::array call, std::size_t weight) {
  queue_.push_back(std::move(call));
  weight_ += 1 + weight;
  if (weight_ >= kMaxQueuedWeight) flush();
}

void RemoteDevice::flush() {
  if (queue_.empty()) return;
  json::array batch = std::move(queue_);
  discard();
  worker_.apply_batch(std::move(batch));
}

json::value RemoteDevice::ask(json::array call) {
  json::array batch = std::move(queue_);
  discard();
  batch.push_back(std::move(call));
  return worker_.apply_batch(std::move(batch));
}

std::vector<Wire> RemoteDevice::allocate(std::size_t count) { return decode_wires(ask({"allocate", count})); }

void RemoteDevice::release_qubits(std::span<const Wire> wires) {
  enqueue({"release_qubits", encode_wires(wires)}, wires.size());
}

std::size_t RemoteDevice::num_qubits() { return number<std::size_t>(ask({"num_qubits"})); }

void RemoteDevice::apply(std::uint32_t gate_id, std::span<const double> params, std::span<const Wire> wires,
                         std::span<const Wire> controls, std::span<const std::uint8_t> control_values, bool adjoint) {
  json::array p;
  p.reserve(params.size());
  for (double d : params) p.emplace_back(bits(d));
  enqueue({"apply", gate_id, adjoint, std::move(p), encode_wires(wires), encode_wires(controls), bytes_array(control_values)},
          params.size() + wires.size() + 2 * controls.size());
}

void RemoteDevice::apply_matrix(std::span<const std::complex<double>> matrix, std::span<const Wire> wires,
                                std::span<const Wire> controls, std::span<const std::uint8_t> control_values,
                                bool adjoint) {
  enqueue({"apply_matrix", adjoint, complex_array({matrix.begin(), matrix.end()}), encode_wires(wires),
           encode_wires(controls), bytes_array(control_values)},
          2 * matrix.size() + wires.size() + 2 * controls.size());
}

int RemoteDevice::measure(Wire wire, std::optional<int> postselect) {
  return number<int>(ask({"measure", wire, postselect ? *postselect : -1}));
}

void RemoteDevice::reset_wire(Wire wire) { enqueue({"reset_wire", wire}, 1); }

double RemoteDevice::expval(const Observable& observable) {
  return from_bits(ask({"expval", encode_observable(observable)}));
}

double RemoteDevice::var(const Observable& observable) { return from_bits(ask({"var", encode_observable(observable)})); }

std::vector<double> RemoteDevice::probs(std::span<const Wire> wires) {
  const json::value reply = ask({"probs", encode_wires(wires)});
  return doubles(array_of(reply, "probabilities"));
}

std::vector<std::uint8_t> RemoteDevice::sample(std::span<const Wire> wires) {
  const json::value reply = ask({"sample", encode_wires(wires)});
  const json::string& s = text(reply, "samples");
  std::vector<std::uint8_t> out(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '0' && s[i] != '1') malformed("a sample that is not 0 or 1");
    out[i] = static_cast<std::uint8_t>(s[i] - '0');
  }
  return out;
}

std::map<std::uint64_t, std::uint64_t> RemoteDevice::counts(std::span<const Wire> wires) {
  std::map<std::uint64_t, std::uint64_t> out;
  const json::value reply = ask({"counts", encode_wires(wires)});
  for (const auto& e : array_of(reply, "counts")) {
    const json::array& pair = array_of(e, "a count");
    if (pair.size() != 2) malformed("a count is not [outcome, count]");
    out[number<std::uint64_t>(pair[0])] = number<std::uint64_t>(pair[1]);
  }
  return out;
}

std::vector<std::complex<double>> RemoteDevice::state() {
  const json::value reply = ask({"state"});
  return complexes(array_of(reply, "a state"));
}

void RemoteDevice::set_shots(std::uint64_t shots) {
  enqueue({"set_shots", shots}, 1);
  worker_.set_cached_shots(number<std::uint64_t>(ask({"shots"})));
}

std::uint64_t RemoteDevice::memory_bytes() { return number<std::uint64_t>(ask({"memory_bytes"})); }

void RemoteDevice::set_seed(std::uint64_t seed) { enqueue({"set_seed", seed}, 1); }

}  // namespace qrt::isolation
