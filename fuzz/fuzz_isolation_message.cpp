// libFuzzer target: the isolation worker's message decoders (host/src/isolation/wire_format.hpp), fed
// any JSON object: decode_program, decode_options, decode_result and throw_if_error. What a decoder
// accepts must re-encode and decode to the same message (doubles travel as bit patterns, so exactly),
// and an accepted program must pass the same range checks as lowering's output (see fuzz_qasm.cpp).
//
// Rejections: every decoder promises qrt::Error(InvalidArgument) for a malformed message, wrongly typed
// fields included; any other exception escapes and fails the run.
#include "fuzz_check.hpp"
#include "isolation/wire_format.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <cstddef>
#include <cstdint>
#include <exception>
#include <optional>
#include <string_view>

namespace {

namespace json = boost::json;

bool in_pool(qrt::program::IndexRange range, std::size_t pool) {
  return std::uint64_t{range.offset} + range.count <= pool;
}

void check_program(const qrt::program::LoweredProgram& p) {
  for (std::uint32_t wire : p.wires) QRT_FUZZ_CHECK(wire < p.num_qubits, "a decoded wire outside the qubits");
  for (std::uint32_t wire : p.control_wires)
    QRT_FUZZ_CHECK(wire < p.num_qubits, "a decoded control outside the qubits");
  for (const auto& op : p.operations) {
    QRT_FUZZ_CHECK(in_pool(op.params, p.parameters.size()) && in_pool(op.wires, p.wires.size()) &&
                       in_pool(op.controls, p.control_wires.size()) && in_pool(op.matrix, p.matrices.size()),
                   "a decoded range outside its pool");
    if (op.kind == qrt::program::LoweredKind::Gate)
      QRT_FUZZ_CHECK(op.gate < p.gate_names.size(), "a decoded gate index out of range");
    if (op.kind == qrt::program::LoweredKind::Measure)
      QRT_FUZZ_CHECK(op.clbit < p.num_clbits, "a decoded clbit out of range");
  }
}

// Runs `decode`; what it accepts must encode, decode (an exception here escapes: a crash) and encode to
// the same message.
template <class Decode, class Encode, class Check>
void round_trip(const json::object& message, Decode decode, Encode encode, Check check) {
  std::optional<decltype(decode(message))> decoded;
  try {
    decoded.emplace(decode(message));
  } catch (const qrt::Error&) {
    return;  // a rejection
  }
  check(*decoded);
  const json::object encoded = encode(*decoded);
  const json::object again = encode(decode(encoded));
  if (again != encoded)
    std::fprintf(stderr, "encoded: %s\nagain:   %s\n", json::serialize(encoded).c_str(),
                 json::serialize(again).c_str());
  QRT_FUZZ_CHECK(again == encoded, "decode(encode(x)) differs from x");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  json::value message;
  try {
    message = json::parse(std::string_view(reinterpret_cast<const char*>(data), size));
  } catch (const std::exception&) {
    return 0;  // not JSON: the worker's framing layer rejects it before any decoder
  }
  if (!message.is_object()) return 0;
  const json::object& m = message.get_object();
  using namespace qrt::isolation;
  round_trip(
      m, decode_program, [](const auto& p) { return encode_program(p); }, check_program);
  round_trip(m, decode_options, encode_options, [](const auto&) {});
  round_trip(m, decode_result, encode_result, [](const auto&) {});
  try {
    throw_if_error(m);
  } catch (const qrt::Error&) {
  }
  return 0;
}
