#include "isolation/wire_format.hpp"

#include "isolation/wire_values.hpp"

#include <boost/json.hpp>

#include <bit>
#include <cstring>

namespace qrt::isolation {
namespace json = boost::json;
namespace {

template <class T>
json::array integer_array(const std::vector<T>& values) {
  json::array out;
  out.reserve(values.size());
  for (T v : values) out.emplace_back(static_cast<std::uint64_t>(v));
  return out;
}

template <class T>
std::vector<T> integers(const json::array& a) {
  std::vector<T> out;
  out.reserve(a.size());
  for (const auto& v : a) out.push_back(number<T>(v));
  return out;
}

bool in_pool(const program::IndexRange& r, std::size_t pool) { return std::uint64_t{r.offset} + r.count <= pool; }

// Every range inside its pool, every wire a qubit, every clbit a bit: the worker never reads out of bounds.
void validate(const program::LoweredProgram& p) {
  for (std::uint32_t w : p.wires)
    if (w >= p.num_qubits) malformed("wire " + std::to_string(w) + " outside the program's qubits");
  for (std::uint32_t w : p.control_wires)
    if (w >= p.num_qubits) malformed("control wire " + std::to_string(w) + " outside the program's qubits");
  if (p.control_values.size() != p.control_wires.size()) malformed("control values and wires differ in length");
  for (std::size_t i = 0; i < p.operations.size(); ++i) {
    const auto& op = p.operations[i];
    const bool ok =
        in_pool(op.params, p.parameters.size()) && in_pool(op.wires, p.wires.size()) &&
        in_pool(op.controls, p.control_wires.size()) && in_pool(op.matrix, p.matrices.size()) &&
        (op.kind != program::LoweredKind::Gate || op.gate < p.gate_names.size()) &&
        (op.kind != program::LoweredKind::Measure || op.clbit < p.num_clbits) &&
        ((op.kind != program::LoweredKind::Measure && op.kind != program::LoweredKind::Reset) || op.wires.count == 1) &&
        static_cast<unsigned>(op.kind) <= static_cast<unsigned>(program::LoweredKind::Barrier) &&
        (!op.condition || std::uint64_t{op.condition->offset} + op.condition->size <= p.num_clbits);
    if (!ok) malformed("operation " + std::to_string(i) + " is inconsistent with the program's pools");
  }
}

}  // namespace

json::object encode_program(const program::LoweredProgram& p) {
  json::array ops;
  ops.reserve(p.operations.size());
  for (const auto& op : p.operations) {
    json::array o{static_cast<unsigned>(op.kind),
                  op.adjoint ? 1u : 0u,
                  op.gate,
                  op.params.offset,
                  op.params.count,
                  op.wires.offset,
                  op.wires.count,
                  op.controls.offset,
                  op.controls.count,
                  op.matrix.offset,
                  op.matrix.count,
                  op.clbit};
    if (op.condition) {
      o.emplace_back(op.condition->creg);
      o.emplace_back(op.condition->offset);
      o.emplace_back(op.condition->size);
      o.emplace_back(op.condition->value);
    }
    ops.emplace_back(std::move(o));
  }
  json::array names;
  for (const auto& n : p.gate_names) names.emplace_back(n);
  return {{"num_qubits", p.num_qubits},
          {"num_clbits", p.num_clbits},
          {"gate_names", std::move(names)},
          {"operations", std::move(ops)},
          {"parameters", double_array(p.parameters)},
          {"wires", integer_array(p.wires)},
          {"control_wires", integer_array(p.control_wires)},
          {"control_values", integer_array(p.control_values)},
          {"matrices", complex_array(p.matrices)},
          {"global_phase", bits(p.global_phase)}};
}

program::LoweredProgram decode_program(const json::object& m) {
  program::LoweredProgram p;
  p.num_qubits = number<std::uint32_t>(field(m, "num_qubits"));
  p.num_clbits = number<std::uint32_t>(field(m, "num_clbits"));
  for (const auto& n : array_field(m, "gate_names")) {
    if (!n.is_string()) malformed("a gate name is not a string");
    p.gate_names.emplace_back(n.get_string());
  }
  const json::array& ops = array_field(m, "operations");
  p.operations.reserve(ops.size());
  for (const auto& v : ops) {
    if (!v.is_array() || (v.get_array().size() != 12 && v.get_array().size() != 16))
      malformed("an operation is not an array of 12 or 16 integers");
    const json::array& o = v.get_array();
    program::LoweredOperation op;
    op.kind = static_cast<program::LoweredKind>(number<std::uint8_t>(o[0]));
    op.adjoint = number<unsigned>(o[1]) != 0;
    op.gate = number<std::uint32_t>(o[2]);
    op.params = {number<std::uint32_t>(o[3]), number<std::uint32_t>(o[4])};
    op.wires = {number<std::uint32_t>(o[5]), number<std::uint32_t>(o[6])};
    op.controls = {number<std::uint32_t>(o[7]), number<std::uint32_t>(o[8])};
    op.matrix = {number<std::uint32_t>(o[9]), number<std::uint32_t>(o[10])};
    op.clbit = number<std::uint32_t>(o[11]);
    if (o.size() == 16)
      op.condition = program::Condition{number<std::uint32_t>(o[12]), number<std::uint32_t>(o[13]),
                                        number<std::uint32_t>(o[14]), number<std::uint64_t>(o[15])};
    p.operations.push_back(op);
  }
  p.parameters = doubles(array_field(m, "parameters"));
  p.wires = integers<std::uint32_t>(array_field(m, "wires"));
  p.control_wires = integers<std::uint32_t>(array_field(m, "control_wires"));
  p.control_values = integers<std::uint8_t>(array_field(m, "control_values"));
  p.matrices = complexes(array_field(m, "matrices"));
  p.global_phase = from_bits(field(m, "global_phase"));
  validate(p);
  return p;
}

json::object encode_options(const RunOptions& o) {
  json::array words;
  for (const auto& w : o.expvals) words.emplace_back(w);
  json::object out{{"probabilities", o.probabilities}, {"state", o.state}, {"expvals", std::move(words)}};
  if (o.shots) out["shots"] = *o.shots;
  if (o.seed) out["seed"] = *o.seed;
  if (o.seed_optional) out["seed_optional"] = true;
  return out;
}

RunOptions decode_options(const json::object& m) {
  RunOptions o;
  if (auto* v = m.if_contains("shots")) o.shots = number<std::uint64_t>(*v);
  if (auto* v = m.if_contains("seed")) o.seed = number<std::uint64_t>(*v);
  if (auto* v = m.if_contains("seed_optional")) o.seed_optional = boolean(*v, "'seed_optional'");
  o.probabilities = boolean(field(m, "probabilities"), "'probabilities'");
  o.state = boolean(field(m, "state"), "'state'");
  for (const auto& w : array_field(m, "expvals")) o.expvals.emplace_back(text(w, "an expval word"));
  return o;
}

json::object encode_result(const device::ExecutionResult& r) {
  json::object counts;
  for (const auto& [key, count] : r.raw_counts) counts[key] = count;
  json::array expvals;
  for (const auto& [word, value] : r.expvals)
    expvals.push_back(json::array{json::value(word), json::value(bits(value))});
  return {{"shots", r.shots},
          {"dynamic", r.dynamic},
          {"measured_clbits", r.measured_clbits},
          {"counts", std::move(counts)},
          {"probabilities", double_array(r.probabilities)},
          {"state", complex_array(r.state)},
          {"expvals", std::move(expvals)},
          {"wires", integer_array(r.wires)}};
}

device::ExecutionResult decode_result(const json::object& m) {
  device::ExecutionResult r;
  r.shots = number<std::uint64_t>(field(m, "shots"));
  r.dynamic = boolean(field(m, "dynamic"), "'dynamic'");
  r.measured_clbits = number<std::size_t>(field(m, "measured_clbits"));
  const json::value& counts = field(m, "counts");
  if (!counts.is_object()) malformed("'counts' is not an object");
  for (const auto& [key, count] : counts.get_object()) r.raw_counts[std::string(key)] = number<std::uint64_t>(count);
  r.probabilities = doubles(array_field(m, "probabilities"));
  r.state = complexes(array_field(m, "state"));
  for (const auto& e : array_field(m, "expvals")) {
    const json::array& pair = array_of(e, "an expectation value");
    if (pair.size() != 2) malformed("an expectation value is not a [word, value] pair");
    r.expvals.emplace_back(std::string(text(pair[0], "an expval word")), from_bits(pair[1]));
  }
  r.wires = integers<Wire>(array_field(m, "wires"));
  return r;
}

json::object encode_error(ErrorCode code, const std::string& message) {
  return {{"ok", false}, {"code", static_cast<int>(code)}, {"message", message}};
}

json::object encode_error(const Error& error) {
  json::object out = encode_error(error.code(), error.what());
  if (auto* failure = dynamic_cast<const device::OperationFailure*>(&error)) out["operation"] = failure->operation();
  return out;
}

void throw_if_error(const json::object& reply) {
  const json::value* ok = reply.if_contains("ok");
  if (!ok || !ok->is_bool()) malformed("a reply without 'ok'");
  if (ok->get_bool()) return;
  int code = number<int>(field(reply, "code"));
  if (code < 0 || code > static_cast<int>(ErrorCode::State)) code = static_cast<int>(ErrorCode::Internal);
  const json::value& message = field(reply, "message");
  std::string text = message.is_string() ? std::string(message.get_string()) : json::serialize(message);
  if (auto* op = reply.if_contains("operation"))
    throw device::OperationFailure(number<std::size_t>(*op), static_cast<ErrorCode>(code), text);
  throw Error(static_cast<ErrorCode>(code), text);
}

}  // namespace qrt::isolation
