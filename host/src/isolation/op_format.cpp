#include "isolation/op_format.hpp"

#include "isolation/wire_values.hpp"

#include <string>

namespace qrt::isolation {
namespace {

template <class T>
std::vector<T> integers(const json::value& v, std::string_view what) {
  const json::array& a = array_of(v, what);
  std::vector<T> out;
  out.reserve(a.size());
  for (const auto& x : a) out.push_back(number<T>(x));
  return out;
}

const json::value& arg(const json::array& call, std::size_t i) {
  if (i >= call.size()) malformed("'" + std::string(call[0].as_string()) + "' lacks argument " + std::to_string(i));
  return call[i];
}

std::span<const std::uint8_t> bytes_view(const std::vector<std::uint8_t>& v) { return v; }

json::value apply_one(Device& device, const json::array& call) {
  const std::string_view name = text(call.at(0), "an operation name");
  if (name == "apply") {
    const auto params = doubles(array_of(arg(call, 3), "parameters"));
    const auto wires = decode_wires(arg(call, 4)), controls = decode_wires(arg(call, 5));
    const auto values = integers<std::uint8_t>(arg(call, 6), "control values");
    device.apply(number<std::uint32_t>(arg(call, 1)), params, wires, controls, bytes_view(values),
                 boolean(arg(call, 2), "adjoint"));
    return nullptr;
  }
  if (name == "apply_matrix") {
    const auto matrix = complexes(array_of(arg(call, 2), "a matrix"));
    const auto wires = decode_wires(arg(call, 3)), controls = decode_wires(arg(call, 4));
    const auto values = integers<std::uint8_t>(arg(call, 5), "control values");
    device.apply_matrix(matrix, wires, controls, bytes_view(values), boolean(arg(call, 1), "adjoint"));
    return nullptr;
  }
  if (name == "reset_wire") return device.reset_wire(number<Wire>(arg(call, 1))), nullptr;
  if (name == "release_qubits") return device.release_qubits(decode_wires(arg(call, 1))), nullptr;
  if (name == "set_seed") return device.set_seed(number<std::uint64_t>(arg(call, 1))), nullptr;
  if (name == "set_shots") return device.set_shots(number<std::uint64_t>(arg(call, 1))), nullptr;
  if (name == "allocate") return encode_wires(device.allocate(number<std::size_t>(arg(call, 1))));
  if (name == "num_qubits") return device.num_qubits();
  if (name == "shots") return device.shots();
  if (name == "memory_bytes") return device.memory_bytes();
  if (name == "measure") {
    const int post = number<int>(arg(call, 2));
    return device.measure(number<Wire>(arg(call, 1)), post < 0 ? std::nullopt : std::optional<int>(post));
  }
  if (name == "expval") return bits(device.expval(decode_observable(arg(call, 1))));
  if (name == "var") return bits(device.var(decode_observable(arg(call, 1))));
  if (name == "probs") return double_array(device.probs(decode_wires(arg(call, 1))));
  if (name == "state") return complex_array(device.state());
  if (name == "state_size") return device.state_size();
  if (name == "sample") {  // one character per 0/1: a quarter of the size of a JSON array
    const auto samples = device.sample(decode_wires(arg(call, 1)));
    std::string out(samples.size(), '0');
    for (std::size_t i = 0; i < samples.size(); ++i) out[i] = static_cast<char>('0' + (samples[i] & 1u));
    return json::string(out);
  }
  if (name == "counts") {
    json::array out;
    for (auto [outcome, count] : device.counts(decode_wires(arg(call, 1)))) out.push_back(json::array{outcome, count});
    return out;
  }
  malformed("unknown operation '" + std::string(name) + "'");
}

}  // namespace

json::array encode_wires(std::span<const Wire> wires) {
  json::array out;
  out.reserve(wires.size());
  for (Wire w : wires) out.emplace_back(w);
  return out;
}

std::vector<Wire> decode_wires(const json::value& value) { return integers<Wire>(value, "a wire list"); }

json::array encode_observable(const Observable& observable) {
  json::array terms;
  for (const auto& term : observable.terms) {
    json::array factors;
    for (const auto& f : term.factors)
      factors.push_back(
          json::array{static_cast<std::uint32_t>(f.kind), encode_wires(f.wires), complex_array(f.matrix)});
    terms.push_back(json::array{bits(term.coefficient), std::move(factors)});
  }
  return terms;
}

Observable decode_observable(const json::value& value) {
  Observable o;
  for (const auto& t : array_of(value, "an observable")) {
    const json::array& term = array_of(t, "an observable term");
    if (term.size() != 2) malformed("an observable term is not [coefficient, factors]");
    ObservableTerm& out = o.terms.emplace_back();
    out.coefficient = from_bits(term[0]);
    for (const auto& f : array_of(term[1], "observable factors")) {
      const json::array& factor = array_of(f, "an observable factor");
      if (factor.size() != 3) malformed("an observable factor is not [kind, wires, matrix]");
      const auto kind = number<std::uint32_t>(factor[0]);
      if (kind > static_cast<std::uint32_t>(ObservableKind::Hermitian)) malformed("an unknown observable kind");
      out.factors.push_back({static_cast<ObservableKind>(kind), decode_wires(factor[1]),
                             complexes(array_of(factor[2], "a Hermitian matrix"))});
    }
  }
  return o;
}

json::value apply_batch(Device& device, const json::array& batch) {
  json::value last;
  for (std::size_t i = 0; i < batch.size(); ++i) {
    const json::array& call = array_of(batch[i], "an operation");
    if (call.empty()) malformed("an empty operation");
    try {
      last = apply_one(device, call);
    } catch (const Error& e) {
      const std::string name = call[0].is_string() ? std::string(call[0].get_string()) : "?";
      throw Error(e.code(), "operation " + std::to_string(i) + " of the batch (" + name + "): " + e.what());
    }
  }
  return last;
}

}  // namespace qrt::isolation
