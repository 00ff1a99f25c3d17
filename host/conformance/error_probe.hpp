// Provoking an error on purpose and judging the answer: the call must fail (in this process, no
// crash) with a well-formed error value carrying one of the documented status codes, and leave the
// instance as it was (same number of qubits, same state).
#pragma once

#include "conformance/check_context.hpp"

#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

namespace qrt::conformance {

inline constexpr std::string_view kErrorGroup = "errors";

struct ErrorProbe {
  std::string what;                    // e.g. "PauliX on unallocated wire 1002"
  std::vector<std::int32_t> accepted;  // the documented status codes
  // True when rejecting the call needs the gate's semantics (parameter or wire counts): a
  // non-simulating device that accepts it gets a Note, not a failure.
  bool needs_semantics = false;
};

// Judges `status`; returns "" when it is an acceptable error, else what is wrong.
std::string judge(const CheckContext& context, const ErrorProbe& probe, const CallStatus& status);

// The bad call: given the instance and its wires, it makes the call and names it in probe.what.
using BadCall = std::function<CallStatus(NativeInstance&, std::span<const qrt_wire>, ErrorProbe& probe)>;

// A register of `num_qubits` in a random state (a simulating device) that `setup` may change, a
// snapshot, the bad call, and the checks above; returns the Passed detail.
std::string provoke(CheckContext& context, std::size_t num_qubits, ErrorProbe probe, const BadCall& call,
                    const std::function<void(NativeInstance&, std::vector<qrt_wire>&)>& setup = {},
                    bool prepare = true);

// The instance is as it was: num_qubits and the observed state (when it can be observed).
class InstanceSnapshot {
 public:
  InstanceSnapshot(const CheckContext& context, NativeInstance& instance);
  // "" when unchanged, else what changed.
  std::string compare(const CheckContext& context, NativeInstance& instance) const;

 private:
  std::size_t num_qubits_;
  std::vector<Complex> amplitudes_;
  std::vector<double> probs_;
};

// A wire id no register of the instance holds.
qrt_wire unallocated_wire(std::span<const qrt_wire> wires);

std::string codes_text(std::span<const std::int32_t> codes);

}  // namespace qrt::conformance
