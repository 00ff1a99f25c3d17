// measurements: each declared measurement name, dispatched through a table; unknown names are
// reported as not checked.
#include "conformance/measurement_checks.hpp"
#include "conformance/check_groups.hpp"

#include <algorithm>
#include <array>

namespace qrt::conformance {
namespace {

struct MeasurementEntry {
  std::string_view name;
  void (*check)(CheckContext&);
};

constexpr std::array kMeasurements{
    MeasurementEntry{"probs", &check_probs},     MeasurementEntry{"state", &check_state},
    MeasurementEntry{"sample", &check_sample},   MeasurementEntry{"counts", &check_counts},
    MeasurementEntry{"expval", &check_expval},   MeasurementEntry{"var", &check_var},
    MeasurementEntry{"measure", &check_measure}, MeasurementEntry{"reset", &check_reset},
};

}  // namespace

std::vector<KitOp> prepare_if_simulating(CheckContext& context, NativeInstance& instance,
                                         std::span<const qrt_wire> wires) {
  CircuitMaker maker(context);
  if (!context.simulating() || !maker.can_mix()) return {};
  std::vector<KitOp> ops = maker.random_state(wires.size(), context.rng());
  apply(instance, wires, ops);
  return ops;
}

void flip(CheckContext& context, NativeInstance& instance, std::span<const qrt_wire> wires,
          std::initializer_list<std::size_t> positions) {
  if (!context.simulating()) not_applicable(context.why_values_unchecked());
  CircuitMaker maker(context);
  for (std::size_t p : positions) {
    auto op = maker.op("PauliX", {}, {p});
    if (!op) not_applicable("the device does not declare PauliX, which prepares the basis state");
    apply(instance, wires, *op);
  }
}

void check_measurements(CheckContext& context) {
  if (!context.can_create) {
    context.record(kMeasurementGroup, "measurements", Outcome::NotChecked, "no instance could be created");
    return;
  }
  for (const std::string& name : context.capabilities().measurements) {
    auto it = std::find_if(kMeasurements.begin(), kMeasurements.end(), [&](const auto& e) { return e.name == name; });
    if (it == kMeasurements.end()) {
      context.record(kMeasurementGroup, name, Outcome::NotChecked,
                     "the kit has no checks for measurement '" + name + "'");
      continue;
    }
    it->check(context);
  }
}

}  // namespace qrt::conformance
