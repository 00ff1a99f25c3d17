// measurements "measure" and "reset": outcomes on basis states, collapse onto the reported outcome,
// and reset_wire returning one wire to |0> without touching the others.
#include "conformance/measurement_checks.hpp"

#include "conformance/observation.hpp"

#include <cmath>

namespace qrt::conformance {
namespace {

std::string measure_basis_states(CheckContext& c) {
  auto instance = c.create();
  const std::vector<qrt_wire> wires = instance->allocate(1);
  const std::int32_t zero = instance->measure(wires[0]);
  if (zero != 0) c.value_mismatch("measuring |0> gave " + std::to_string(zero));
  if (!c.simulating()) return "measuring |0> gives 0";
  flip(c, *instance, wires, {0});
  const std::int32_t one = instance->measure(wires[0]);
  if (one != 1) fail("measuring |1> gave " + std::to_string(one));
  return "measuring |0> gives 0, |1> gives 1";
}

std::string measure_collapses(CheckContext& c) {
  if (!c.why_values_unchecked().empty()) not_applicable(c.why_values_unchecked());
  const std::size_t n = c.fit(2);
  std::string outcomes;
  for (int round = 0; round < 4; ++round) {
    auto instance = c.create();
    const std::vector<qrt_wire> wires = instance->allocate(n);
    if (prepare_if_simulating(c, *instance, wires).empty()) not_applicable("no declared gate prepares a superposition");
    const std::int32_t result = instance->measure(wires[0]);
    if (result != 0 && result != 1) fail("measure returned " + std::to_string(result));
    const std::vector<double> p = read_probs(c, *instance, std::span<const qrt_wire>(wires).first(1), wires);
    if (!(std::abs(p[static_cast<std::size_t>(result)] - 1.0) <= c.options().tolerance))
      fail("after measuring " + std::to_string(result) + ", the wire's probability of " + std::to_string(result) +
           " is " + format_number(p[static_cast<std::size_t>(result)]) + " (no collapse)");
    outcomes += std::to_string(result);
  }
  return "4 random states measured (outcomes " + outcomes + "); each collapsed onto its outcome";
}

std::string reset_wire_checks(CheckContext& c) {
  auto instance = c.create();
  const std::size_t n = c.fit(2);
  const std::vector<qrt_wire> wires = instance->allocate(n);
  instance->reset_wire(wires[0]);
  std::vector<double> p = read_probs(c, *instance, std::span<const qrt_wire>(wires).first(1), wires);
  if (!(std::abs(p[0] - 1.0) <= c.options().tolerance)) fail("reset_wire on |0> left P(0) = " + format_number(p[0]));
  if (!c.simulating() || n < 2) return "reset_wire on |0> leaves |0>";
  flip(c, *instance, wires, {0, 1});  // |11>
  instance->reset_wire(wires[0]);     // -> |01>
  p = read_probs(c, *instance, wires, wires);
  if (!(std::abs(p[0b01] - 1.0) <= c.options().tolerance))
    fail("reset_wire of the first wire of |11> gave P(|01>) = " + format_number(p[0b01]));
  return "reset_wire leaves |0> alone and takes |11> to |01>";
}

}  // namespace

void check_measure(CheckContext& c) {
  c.run(kMeasurementGroup, "measure of basis states", [&] { return measure_basis_states(c); });
  c.run(kMeasurementGroup, "measure collapses", [&] { return measure_collapses(c); });
}

void check_reset(CheckContext& c) {
  c.run(kMeasurementGroup, "reset_wire", [&] { return reset_wire_checks(c); });
}

}  // namespace qrt::conformance
