#include "conformance/check_context.hpp"

#include <algorithm>
#include <cstdio>
#include <numbers>
#include <vector>

namespace qrt::conformance {

CheckContext::CheckContext(const DeviceType& type, const qrt_plugin_descriptor& plugin,
                           const qrt_device_descriptor& descriptor, const Options& options,
                           std::optional<std::string> canonical_kwargs, std::string kwargs_problem,
                           DeviceReport& report, CheckListener* listener)
    : type_(type),
      plugin_(plugin),
      descriptor_(descriptor),
      options_(options),
      kwargs_(std::move(canonical_kwargs)),
      kwargs_problem_(std::move(kwargs_problem)),
      report_(report),
      listener_(listener),
      rng_(options.seed) {}

const char* observed_through(Observation observation) noexcept {
  switch (observation) {
    case Observation::State: return "state";
    case Observation::Probs: return "probs";
    case Observation::None: return "";
  }
  return "";
}

void CheckContext::set_facts(const Facts& facts) {
  can_create = facts.can_create;
  observation = facts.observation;
  report_.observed_through = observed_through(facts.observation);
  set_simulating(facts.simulating);
}

void CheckContext::begin_group(std::size_t index, std::string_view group, std::map<std::string, Outcome> skip) {
  std::seed_seq seed{static_cast<std::uint32_t>(options_.seed), static_cast<std::uint32_t>(options_.seed >> 32),
                     static_cast<std::uint32_t>(index)};
  rng_.seed(seed);
  skip_ = std::move(skip);
  if (listener_) listener_->group_started(group, facts());
}

std::unique_ptr<NativeInstance> CheckContext::create() const {
  if (!kwargs_) fail("no instance can be created: " + kwargs_problem_);
  return std::make_unique<NativeInstance>(functions(), *kwargs_);
}

bool CheckContext::quarter_turns_only(std::uint32_t gate_id, std::size_t num_params, std::size_t num_wires) const {
  if (num_params == 0 || !can_create || !kwargs_) return false;
  if (auto known = quarter_turn_gates_.find(gate_id); known != quarter_turn_gates_.end()) return known->second;
  auto takes = [&](double angle) {
    try {
      const auto instance = create();
      const std::vector<qrt_wire> wires = instance->allocate(std::max<std::size_t>(num_wires, 1));
      instance->apply_gate(gate_id, std::vector<double>(num_params, angle), wires, {}, {}, false);
      return true;
    } catch (const std::exception&) {
      return false;
    }
  };
  const bool quarter_only = !takes(0.3) && takes(std::numbers::pi / 2);
  quarter_turn_gates_[gate_id] = quarter_only;
  return quarter_only;
}

bool CheckContext::declares_measurement(std::string_view name) const {
  const auto& m = capabilities().measurements;
  return std::find(m.begin(), m.end(), name) != m.end();
}

std::size_t CheckContext::fit(std::size_t wanted) const {
  const std::uint64_t max = capabilities().max_qubits;
  return max == 0 ? wanted : static_cast<std::size_t>(std::min<std::uint64_t>(wanted, max));
}

std::string CheckContext::why_values_unchecked() const {
  if (!can_create) return "no instance could be created (see lifecycle)";
  if (observation == Observation::None) return "the device exposes neither state nor probs, so nothing can be observed";
  if (!simulating()) return "the device does not simulate (its state did not evolve under its gates; see simulation)";
  return {};
}

void CheckContext::value_mismatch(const std::string& what) const {
  if (simulating()) fail(what);
  throw Finding(what + " (the device does not simulate: a finding, not a failure)");
}

void CheckContext::record(std::string_view group, std::string name, Outcome outcome, std::string detail) {
  if (skip_.contains(name)) return;
  report_.checks.push_back({std::string(group), std::move(name), outcome, std::move(detail)});
  if (listener_) listener_->recorded(report_.checks.back(), facts());
}

Outcome CheckContext::run(std::string_view group, std::string name, const std::function<std::string()>& body) {
  if (auto skipped = skip_.find(name); skipped != skip_.end()) return skipped->second;
  if (listener_) listener_->check_started(group, name, facts());
  Outcome outcome = Outcome::Failed;
  std::string detail;
  try {
    detail = body();
    outcome = Outcome::Passed;
  } catch (const NotApplicable& e) {
    outcome = Outcome::NotChecked;
    detail = e.what();
  } catch (const Finding& e) {
    outcome = Outcome::Note;
    detail = e.what();
  } catch (const CheckFailure& e) {
    detail = e.what();
  } catch (const CallFailed& e) {
    detail = e.what();
  } catch (const std::exception& e) {
    detail = std::string("unexpected exception: ") + e.what();
  }
  record(group, std::move(name), outcome, std::move(detail));
  return outcome;
}

std::string format_number(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", value);
  return buffer;
}

std::string format_complex(const Complex& value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.6g%+.6gi", value.real(), value.imag());
  return buffer;
}

std::string format_wires(std::span<const qrt_wire> wires) {
  std::string out = "[";
  for (std::size_t i = 0; i < wires.size(); ++i) out += (i ? ", " : "") + std::to_string(wires[i]);
  return out + "]";
}

}  // namespace qrt::conformance
