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

CircuitProgram::CircuitProgram(ProgramInfo info, std::shared_ptr<const program::Program> circuit, Binder binder,
                               std::exception_ptr unbound)
    : info_(std::move(info)), circuit_(std::move(circuit)), binder_(std::move(binder)), unbound_(std::move(unbound)) {}

std::shared_ptr<const program::LoweredProgram> CircuitProgram::lowered_for(const program::DeviceGateSet& gates, bool strip,
                                                                           double& seconds) const {
  {
    std::lock_guard lock(mutex_);
    for (const Lowering& l : lowerings_)
      if (l.strip == strip && same_gates(l.gates, gates)) {
        seconds = 0;
        return l.lowered;
      }
  }
  // Lowered outside the lock: two threads may both lower it once; both results are equal.
  const auto start = std::chrono::steady_clock::now();
  program::LoweringOptions options;
  options.drop_measurements = strip;
  auto lowered = std::make_shared<const program::LoweredProgram>(program::lower(*circuit_, gates, options));
  seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::lock_guard lock(mutex_);
  if (lowerings_.size() >= kMaxLowerings) lowerings_.clear();  // bounded; a miss only costs a lowering
  lowerings_.push_back({gates, strip, lowered});
  return lowered;
}

void CircuitProgram::run(Device& device, const RunPlan& plan, RunResult& result) const {
  const RunRequest& request = plan.request;
  const program::DeviceGateSet gates = gate_set_of(device.type());
  std::shared_ptr<const program::Program> circuit = circuit_;
  std::shared_ptr<const program::LoweredProgram> lowered;
  double lower_seconds = 0;
  if (!request.params.empty()) {
    if (!binder_)
      throw Error(ErrorCode::InvalidArgument, info_.name + " has no free parameters to bind");
    circuit = std::make_shared<const program::Program>(binder_(request.params));
    const auto start = std::chrono::steady_clock::now();
    lowered = std::make_shared<const program::LoweredProgram>(lower_for(*circuit, gates, plan.circuit));
    lower_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  } else {
    if (!circuit) std::rethrow_exception(unbound_);
    lowered = lowered_for(gates, request.strip_measurements, lower_seconds);
  }
  RunOptions options = plan.circuit;
  if (request.final_state_if_defined) {
    if (is_dynamic(*lowered)) {
      options.probabilities = options.state = false;
      options.expvals.clear();
      result.probabilities_on_device = result.state_on_device = false;
    } else if (!device.type().capabilities().state) {
      options.state = result.state_on_device = false;
    }
  }
  RunResult ran = run_lowered(*circuit, *lowered, device, options);
  ran.lower_seconds = lower_seconds;
  ran.probabilities_on_device = result.probabilities_on_device;
  ran.state_on_device = result.state_on_device;
  ran.circuit = std::move(circuit);
  result = std::move(ran);
}

}  // namespace qrt::run_policy
