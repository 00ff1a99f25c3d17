#include "run/circuit_program.hpp"

#include <qrt/device_type.hpp>
#include <qrt/error.hpp>
#include <qrt/run.hpp>

#include <chrono>

namespace qrt::run_policy {
namespace {

constexpr std::size_t kMaxLowerings = 8;

bool same_gates(const program::DeviceGateSet& a, const program::DeviceGateSet& b) {
  return a.controlled_gates == b.controlled_gates && a.adjoint == b.adjoint && a.gates == b.gates;
}

}  // namespace

CircuitProgram::CircuitProgram(ProgramInfo info, std::shared_ptr<const program::Program> circuit)
    : info_(std::move(info)), circuit_(std::move(circuit)) {}

std::shared_ptr<const program::LoweredProgram> CircuitProgram::lowered_for(const program::DeviceGateSet& gates,
                                                                           const RunOptions& options,
                                                                           double& seconds) const {
  const bool cacheable = circuit_->free_parameters.empty();  // else each run's values give another lowering
  seconds = 0;
  if (cacheable) {
    std::lock_guard lock(mutex_);
    for (const Lowering& l : lowerings_)
      if (l.strip == options.strip_measurements && same_gates(l.gates, gates)) return l.lowered;
  }
  // Lowered outside the lock: two threads may both lower it once; both results are equal. Errors propagate
  // and are not cached.
  const auto start = std::chrono::steady_clock::now();
  auto lowered = std::make_shared<const program::LoweredProgram>(lower_for(*circuit_, gates, options));
  seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!cacheable) return lowered;
  std::lock_guard lock(mutex_);
  if (lowerings_.size() >= kMaxLowerings) lowerings_.clear();  // bounded; a miss only costs a lowering
  lowerings_.push_back({gates, options.strip_measurements, lowered});
  return lowered;
}

void CircuitProgram::run(Device& device, const RunPlan& plan, RunResult& result) const {
  RunOptions options = plan.circuit;
  options.parameters = plan.request.params;
  double lower_seconds = 0;
  const auto lowered = lowered_for(gate_set_of(device.type()), options, lower_seconds);
  if (plan.request.final_state_if_defined) {
    if (is_dynamic(*lowered)) {
      options.probabilities = options.state = false;
      options.expvals.clear();
      result.probabilities_on_device = result.state_on_device = false;
    } else if (!device.type().capabilities().state) {
      options.state = result.state_on_device = false;
    }
  }
  RunResult ran = run_lowered(*circuit_, *lowered, device, options);
  ran.lower_seconds = lower_seconds;
  ran.probabilities_on_device = result.probabilities_on_device;
  ran.state_on_device = result.state_on_device;
  ran.circuit = circuit_;
  result = std::move(ran);
}

}  // namespace qrt::run_policy
