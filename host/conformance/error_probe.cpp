#include "conformance/error_probe.hpp"

#include "conformance/kit_circuit.hpp"

#include <algorithm>

namespace qrt::conformance {

std::string codes_text(std::span<const std::int32_t> codes) {
  std::string out;
  for (std::size_t i = 0; i < codes.size(); ++i) out += (i ? " or " : "") + std::string(status_name(codes[i]));
  return out;
}

std::string judge(const CheckContext& context, const ErrorProbe& probe, const CallStatus& status) {
  if (status.ok()) {
    if (probe.needs_semantics && !context.simulating())
      throw Finding(probe.what +
                    " was accepted (the device does not simulate, so it may not interpret gates: a finding, "
                    "not a failure)");
    return probe.what + " returned success; expected an error (" + codes_text(probe.accepted) + ")";
  }
  if (!status.malformed.empty()) return probe.what + ": the error value is malformed: " + status.malformed;
  if (std::find(probe.accepted.begin(), probe.accepted.end(), status.code) == probe.accepted.end())
    return probe.what + " returned " + status.describe() + "; the ABI documents " + codes_text(probe.accepted);
  return {};
}

InstanceSnapshot::InstanceSnapshot(const CheckContext& context, NativeInstance& instance)
    : num_qubits_(instance.num_qubits()) {
  if (context.observation == Observation::State) amplitudes_ = instance.state();
  else if (context.observation == Observation::Probs) probs_ = instance.probs();
}

std::string InstanceSnapshot::compare(const CheckContext& context, NativeInstance& instance) const {
  const std::size_t n = instance.num_qubits();
  if (n != num_qubits_)
    return "the failed call changed num_qubits from " + std::to_string(num_qubits_) + " to " + std::to_string(n);
  const double tol = context.options().tolerance;
  if (context.observation == Observation::State) {
    const double d = max_difference<Complex>(instance.state(), amplitudes_);
    if (!(d <= tol)) return "the failed call changed the state (largest amplitude change " + format_number(d) + ")";
  } else if (context.observation == Observation::Probs) {
    const double d = max_difference<double>(instance.probs(), probs_);
    if (!(d <= tol)) return "the failed call changed the probabilities (largest change " + format_number(d) + ")";
  }
  return {};
}

std::string provoke(CheckContext& context, std::size_t num_qubits, ErrorProbe probe, const BadCall& call,
                    const std::function<void(NativeInstance&, std::vector<qrt_wire>&)>& setup, bool prepare) {
  auto instance = context.create();
  std::vector<qrt_wire> wires = instance->allocate(num_qubits);
  if (prepare && context.simulating()) {
    CircuitMaker maker(context);
    apply(*instance, wires, maker.random_state(num_qubits, context.rng()));
  }
  if (setup) setup(*instance, wires);
  const InstanceSnapshot before(context, *instance);
  const CallStatus status = call(*instance, wires, probe);
  if (status.absent) not_applicable(status.message);
  if (std::string problem = judge(context, probe, status); !problem.empty()) fail(problem);
  if (std::string changed = before.compare(context, *instance); !changed.empty()) fail(probe.what + ": " + changed);
  return probe.what + " -> " + status.describe();
}

qrt_wire unallocated_wire(std::span<const qrt_wire> wires) {
  qrt_wire top = 0;
  for (qrt_wire w : wires) top = std::max(top, w);
  return top + 1000;
}

}  // namespace qrt::conformance
