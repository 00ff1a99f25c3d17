// Deciding, once per (gate, number of extra control wires), how a gate reaches a device: by a native
// rule, by expanding its definition, or (opaque gates) by the device's own gate of that name. Decisions
// are memoised, so lowering a long program costs one table lookup per gate application.
#pragma once

#include "native_rules.hpp"

#include <qrt/program/lowering.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace qrt::program::detail {

struct GatePlan {
  enum class Kind : std::uint8_t { Rule, Expand, Opaque, Unsupported };
  Kind kind = Kind::Unsupported;
  const Rule* rule = nullptr;    // Rule
  std::string_view device_name;  // Opaque: the device's spelling of the gate
  std::string path;              // Unsupported: the chain of gates down to the one with no mapping
  std::string needs;             // Unsupported: what that gate would need from the device
};

// How a phase e^{iα} on the subspace where k control wires are all 1 is realised.
enum class PhasePlan : std::uint8_t {
  PhaseShift,            // PhaseShift(α) on the last control, the others as extra controls
  ControlledPhaseShift,  // ControlledPhaseShift(α) on the last two, the others as extra controls
  ViaU,                  // U(0, 0, α) = diag(1, e^{iα}) on the last control, lowered recursively
  Unsupported,
};

class LoweringPlanner {
 public:
  LoweringPlanner(const Program& program, const DeviceGateSet& device);

  // `controls`: the number of extra control wires the gate is applied under.
  const GatePlan& gate(std::uint32_t gate, std::uint32_t controls);
  PhasePlan phase(std::uint32_t controls);
  bool has(std::string_view native) const { return natives_.count(native) != 0; }
  // "[CNOT, Hadamard, ...]" for error messages.
  const std::string& device_gate_list() const noexcept { return gate_list_; }

 private:
  GatePlan plan(std::uint32_t gate, std::uint32_t controls);
  bool step_ok(const Step& step, std::uint32_t controls);
  bool native_ok(const Step& step, std::uint32_t controls) const;
  std::optional<std::string_view> device_spelling(std::string_view name) const;

  const Program& program_;
  const DeviceGateSet& device_;
  std::unordered_set<std::string_view> natives_;
  std::string gate_list_;
  std::unordered_map<std::uint64_t, GatePlan> plans_;
  std::unordered_map<std::uint32_t, PhasePlan> phase_plans_;
};

}  // namespace qrt::program::detail
