// What a run of checks tells whoever watches it, step by step: the worker process forwards each step to
// the process that started it (worker_protocol.hpp), so that a crash, an exit or a hang is pinned on the
// check it happened in; and the facts earlier checks established, with which a fresh worker goes on.
#pragma once

#include <qrt/conformance.hpp>

#include <cstddef>
#include <map>
#include <string>
#include <string_view>

namespace qrt::conformance {

// How the kit reads the device's state back.
enum class Observation { None, State, Probs };

// What the lifecycle and simulation groups find out, for the groups after them.
struct Facts {
  bool can_create = false;
  Observation observation = Observation::None;
  bool simulating = false;
  bool operator==(const Facts&) const = default;
};

// "state", "probs" or "" (DeviceReport::observed_through).
const char* observed_through(Observation observation) noexcept;

class CheckListener {
 public:
  virtual ~CheckListener() = default;
  virtual void device_started(std::size_t index) = 0;
  virtual void group_started(std::string_view group, const Facts& facts) = 0;
  virtual void check_started(std::string_view group, std::string_view name, const Facts& facts) = 0;
  virtual void recorded(const CheckResult& result, const Facts& facts) = 0;
};

// Where a run of checks begins: a fresh worker picks up after the check its predecessor died in.
struct StartPoint {
  std::size_t device = 0;  // index among the selected devices
  std::size_t group = 0;   // index in the groups' order (check.cpp)
  // Checks of that group already reported, with their outcomes: neither run nor recorded again.
  std::map<std::string, Outcome> skip;
  Facts facts;  // as established before that group (for group 0 of a device: none)
};

}  // namespace qrt::conformance
