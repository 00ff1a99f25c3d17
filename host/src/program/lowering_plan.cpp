#include "lowering_plan.hpp"

#include <algorithm>
#include <cctype>

namespace qrt::program::detail {
namespace {

bool equal_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

GatePlan unsupported(std::string path, std::string needs) {
  GatePlan plan;
  plan.kind = GatePlan::Kind::Unsupported;
  plan.path = std::move(path);
  plan.needs = std::move(needs);
  return plan;
}

}  // namespace

LoweringPlanner::LoweringPlanner(const Program& program, const DeviceGateSet& device)
    : program_(program), device_(device) {
  for (const std::string& name : device.gates) {
    natives_.insert(name);
    gate_list_ += (gate_list_.empty() ? "" : ", ") + name;
  }
  gate_list_ = "[" + gate_list_ + "]";
}

const GatePlan& LoweringPlanner::gate(std::uint32_t gate, std::uint32_t controls) {
  const std::uint64_t key = (std::uint64_t{gate} << 32) | controls;
  if (const auto it = plans_.find(key); it != plans_.end()) return it->second;
  // Placeholder while planning: a (never expected) cycle through the rules then reads as unsupported
  // instead of recursing forever.
  plans_[key] = unsupported(program_.gates[gate].name, "a mapping that does not depend on itself");
  GatePlan result = plan(gate, controls);
  GatePlan& slot = plans_[key];  // unordered_map references stay valid across insertions
  slot = std::move(result);
  return slot;
}

GatePlan LoweringPlanner::plan(std::uint32_t gate, std::uint32_t controls) {
  const GateDefinition& definition = program_.gates[gate];
  const std::span<const Rule> rules = definition.builtin ? native_rules(definition.name) : std::span<const Rule>();
  for (const Rule& rule : rules) {
    if (std::all_of(rule.steps.begin(), rule.steps.end(), [&](const Step& step) { return step_ok(step, controls); })) {
      GatePlan plan;
      plan.kind = GatePlan::Kind::Rule;
      plan.rule = &rule;
      return plan;
    }
  }
  const std::string control_note =
      controls == 0 ? std::string() : " under " + std::to_string(controls) + " control wire(s)";
  switch (definition.kind) {
    case GateKind::Defined: {
      for (const GateCall& call : definition.body) {
        const GatePlan& callee = this->gate(call.gate, controls);
        if (callee.kind == GatePlan::Kind::Unsupported)
          return unsupported(definition.name + " -> " + callee.path, callee.needs);
      }
      GatePlan plan;
      plan.kind = GatePlan::Kind::Expand;
      return plan;
    }
    case GateKind::Opaque: {
      const std::optional<std::string_view> spelling = device_spelling(definition.name);
      if (spelling && (controls == 0 || device_.controlled_gates)) {
        GatePlan plan;
        plan.kind = GatePlan::Kind::Opaque;
        plan.device_name = *spelling;
        return plan;
      }
      return unsupported(definition.name, spelling ? "support for extra control wires"
                                                   : "a device gate named '" + definition.name + "' (it is opaque)");
    }
    case GateKind::Primitive: break;
  }
  std::string needs;
  for (const Rule& rule : rules) needs += (needs.empty() ? "" : " | ") + describe(rule);
  return unsupported(definition.name, "one of: " + needs + control_note);
}

bool LoweringPlanner::native_ok(const Step& step, std::uint32_t controls) const {
  const std::size_t total = controls + step.controls.size();
  return has(step.name) && (!step.adjoint || device_.adjoint) && (total == 0 || device_.controlled_gates);
}

bool LoweringPlanner::step_ok(const Step& step, std::uint32_t controls) {
  const auto total = static_cast<std::uint32_t>(controls + step.controls.size());
  switch (step.kind) {
    case StepKind::Native: return native_ok(step, controls);
    case StepKind::Unitary: return has("QubitUnitary") && (total == 0 || device_.controlled_gates);
    case StepKind::Gate: {
      const std::optional<std::uint32_t> callee = program_.find_gate(step.name);
      return callee && gate(*callee, total).kind != GatePlan::Kind::Unsupported;
    }
    case StepKind::Phase: return total == 0 || phase(total) != PhasePlan::Unsupported;
  }
  return false;
}

PhasePlan LoweringPlanner::phase(std::uint32_t controls) {
  if (const auto it = phase_plans_.find(controls); it != phase_plans_.end()) return it->second;
  PhasePlan result = PhasePlan::Unsupported;
  phase_plans_[controls] = result;  // placeholder against (never expected) cycles
  if (has("PhaseShift") && (controls == 1 || device_.controlled_gates)) {
    result = PhasePlan::PhaseShift;
  } else if (has("ControlledPhaseShift") && controls >= 2 && (controls == 2 || device_.controlled_gates)) {
    result = PhasePlan::ControlledPhaseShift;
  } else if (controls > 0 && gate(Program::kGateU, controls - 1).kind != GatePlan::Kind::Unsupported) {
    result = PhasePlan::ViaU;
  }
  phase_plans_[controls] = result;
  return result;
}

std::optional<std::string_view> LoweringPlanner::device_spelling(std::string_view name) const {
  if (const auto it = natives_.find(name); it != natives_.end()) return *it;
  std::optional<std::string_view> match;
  for (const std::string& candidate : device_.gates) {
    if (!equal_ignoring_case(candidate, name)) continue;
    if (match) return std::nullopt;  // ambiguous: demand the exact spelling
    match = candidate;
  }
  return match;
}

}  // namespace qrt::program::detail
