// What every check group shares while one device is checked: the device's type and raw descriptor,
// the options, a seeded generator, the facts earlier groups established, and the report being written.
#pragma once

#include "conformance/check_listener.hpp"
#include "conformance/native_instance.hpp"

#include <qrt/conformance.hpp>
#include <qrt/device_type.hpp>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>

namespace qrt::conformance {

// Thrown by a check body: the check failed, with the reason.
class CheckFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};
// Thrown by a check body: the check does not apply to this device, with the reason.
class NotApplicable : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Thrown by a check body: something worth reporting that is not a failure (Outcome::Note).
class Finding : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

[[noreturn]] inline void fail(const std::string& why) { throw CheckFailure(why); }
[[noreturn]] inline void not_applicable(const std::string& why) { throw NotApplicable(why); }

class CheckContext {
 public:
  // `listener` (may be null) hears of every group, check and result.
  CheckContext(const DeviceType& type, const qrt_plugin_descriptor& plugin, const qrt_device_descriptor& descriptor,
               const Options& options, std::optional<std::string> canonical_kwargs, std::string kwargs_problem,
               DeviceReport& report, CheckListener* listener);

  const DeviceType& type() const { return type_; }
  const qrt_plugin_descriptor& plugin() const { return plugin_; }
  const qrt_device_descriptor& descriptor() const { return descriptor_; }
  const qrt_device_functions& functions() const { return type_.functions(); }
  const Capabilities& capabilities() const { return type_.capabilities(); }
  const Options& options() const { return options_; }
  std::mt19937_64& rng() { return rng_; }
  DeviceReport& report() { return report_; }
  const DeviceReport& report() const { return report_; }

  // The canonical kwargs instances are created with; nullopt when they could not be formed
  // (kwargs_problem says why: e.g. a default that fails the device's own schema).
  const std::optional<std::string>& kwargs() const { return kwargs_; }
  const std::string& kwargs_problem() const { return kwargs_problem_; }
  std::unique_ptr<NativeInstance> create() const;

  bool declares_measurement(std::string_view name) const;
  // A register size for a check: `wanted`, or the device's max_qubits when that is smaller.
  std::size_t fit(std::size_t wanted) const;
  // Whether a parameterised gate runs only at multiples of pi/2 (a Clifford simulator's rotations): found
  // once per gate by applying it at a generic angle (refused) and at a quarter turn (taken). The kit then
  // draws that gate's angles from quarter turns. False for gates without parameters.
  bool quarter_turns_only(std::uint32_t gate_id, std::size_t num_params, std::size_t num_wires) const;
  // Gate id of a declared gate, or nullopt.
  std::optional<std::uint32_t> gate_id(std::string_view name) const { return type_.gate_id(name); }

  // Facts established by earlier groups (lifecycle, simulation) for later ones.
  bool can_create = false;
  Observation observation = Observation::None;
  bool simulating() const { return report_.simulating; }
  void set_simulating(bool value) { report_.simulating = value; }
  Facts facts() const { return {can_create, observation, simulating()}; }
  void set_facts(const Facts& facts);

  // A group begins: its random numbers come from (seed, `index`), so that they do not depend on the
  // groups before it (a worker may start here). `skip`: checks of it already reported elsewhere.
  void begin_group(std::size_t index, std::string_view group, std::map<std::string, Outcome> skip = {});
  // Why value checks do not apply (empty when the device simulates and can be observed).
  std::string why_values_unchecked() const;

  // A value a simulating device must get right: Failed for a simulating device, a Note (Finding) for
  // a non-simulating one, whose values the kit does not hold it to.
  [[noreturn]] void value_mismatch(const std::string& what) const;

  // Runs one check: its returned text is the Passed detail; CheckFailure, CallFailed or any other
  // exception make it Failed, NotApplicable makes it NotChecked, Finding a Note. Nothing escapes.
  // Returns the outcome. A check named in the group's `skip` is neither run nor recorded: its outcome
  // is the one reported before.
  Outcome run(std::string_view group, std::string name, const std::function<std::string()>& body);
  void record(std::string_view group, std::string name, Outcome outcome, std::string detail);

 private:
  mutable std::map<std::uint32_t, bool> quarter_turn_gates_;
  const DeviceType& type_;
  const qrt_plugin_descriptor& plugin_;
  const qrt_device_descriptor& descriptor_;
  const Options& options_;
  std::optional<std::string> kwargs_;
  std::string kwargs_problem_;
  DeviceReport& report_;
  CheckListener* listener_;
  std::map<std::string, Outcome> skip_;
  std::mt19937_64 rng_;
};

// Formatting helpers for details.
std::string format_number(double value);
std::string format_complex(const Complex& value);
std::string format_wires(std::span<const qrt_wire> wires);

}  // namespace qrt::conformance
