// measurements "sample" and "counts": shape (shots rows x wires columns), 0/1 values, totals, outcome
// order, and the outcomes of basis states (every shot agrees), in the order the wires are listed.
#include "conformance/measurement_checks.hpp"

namespace qrt::conformance {
namespace {

constexpr std::uint64_t kShots = 25;

// An instance with kShots shots (through set_shots, or the kwargs' shots when they are non-zero).
std::unique_ptr<NativeInstance> with_shots(CheckContext& c, std::uint64_t& shots) {
  auto instance = c.create();
  if (QRT_HAS_FUNCTION(&c.functions(), qrt_device_functions, set_shots)) instance->set_shots(kShots);
  shots = instance->shots();
  if (shots == 0) not_applicable("shots are 0 and the device has no set_shots");
  return instance;
}

// with_shots, and a register of c.fit(qubits) wires on it.
struct ShotRegister {
  std::unique_ptr<NativeInstance> instance;
  std::uint64_t shots = 0;
  std::vector<qrt_wire> wires;
};

ShotRegister shot_register(CheckContext& c, std::size_t qubits) {
  ShotRegister r;
  r.instance = with_shots(c, r.shots);
  r.wires = r.instance->allocate(c.fit(qubits));
  return r;
}

void require_rows(std::span<const std::uint8_t> samples, std::uint64_t shots, std::span<const std::uint8_t> row,
                  const std::string& what) {
  const std::size_t columns = row.size();
  if (samples.size() != shots * columns) fail(what + ": " + std::to_string(samples.size()) + " values");
  for (std::size_t r = 0; r < shots; ++r)
    for (std::size_t col = 0; col < columns; ++col)
      if (samples[r * columns + col] != row[col])
        fail(what + ": shot " + std::to_string(r) + ", column " + std::to_string(col) + " is " +
             std::to_string(samples[r * columns + col]) + ", expected " + std::to_string(row[col]));
}

std::string sample_of_fresh_register(CheckContext& c) {
  auto [instance, shots, wires] = shot_register(c, 2);
  const std::size_t n = wires.size();
  // The output buffer starts filled with a value no sample holds, so unwritten entries show.
  require_rows(instance->sample({}, shots), shots, std::vector<std::uint8_t>(n, 0), "sample of |0...0>");
  return std::to_string(shots) + " shots x " + std::to_string(n) + " wires, every value 0";
}

std::string sample_of_basis_state(CheckContext& c) {
  std::uint64_t shots = 0;
  auto instance = with_shots(c, shots);
  if (c.fit(2) < 2) not_applicable("needs 2 qubits");
  const std::vector<qrt_wire> wires = instance->allocate(2);
  flip(c, *instance, wires, {0});  // |10>
  require_rows(instance->sample({}, shots), shots, std::vector<std::uint8_t>{1, 0}, "sample of |10>, all wires");
  const std::vector<qrt_wire> swapped{wires[1], wires[0]};
  require_rows(instance->sample(swapped, shots), shots, std::vector<std::uint8_t>{0, 1},
               "sample of |10>, wires listed in reverse");
  return "every shot of |10> reads 1 0, and 0 1 with the wires listed in reverse";
}

std::string sample_values(CheckContext& c) {
  auto [instance, shots, wires] = shot_register(c, 3);
  const std::size_t n = wires.size();
  if (prepare_if_simulating(c, *instance, wires).empty())
    not_applicable(c.why_values_unchecked().empty() ? "no gates to prepare a random state" : c.why_values_unchecked());
  const std::vector<std::uint8_t> samples = instance->sample({}, shots);
  for (std::size_t i = 0; i < samples.size(); ++i)
    if (samples[i] > 1) fail("value " + std::to_string(i) + " of the samples is " + std::to_string(samples[i]));
  const std::vector<std::uint8_t> one = instance->sample(std::span<const qrt_wire>(wires).first(1), shots);
  for (std::size_t i = 0; i < one.size(); ++i)
    if (one[i] > 1) fail("value " + std::to_string(i) + " of the one-wire samples is " + std::to_string(one[i]));
  return std::to_string(shots) + " shots of a random " + std::to_string(n) + "-qubit state: every value 0 or 1";
}

using Counts = std::vector<std::pair<std::uint64_t, std::uint64_t>>;

std::string counts_text(const Counts& counts) {
  std::string out = "{";
  for (std::size_t i = 0; i < counts.size(); ++i)
    out += (i ? ", " : "") + std::to_string(counts[i].first) + ": " + std::to_string(counts[i].second);
  return out + "}";
}

void require_counts(const Counts& got, const Counts& expected, const std::string& what) {
  if (got != expected) fail(what + ": got " + counts_text(got) + ", expected " + counts_text(expected));
}

std::string counts_of_basis_states(CheckContext& c) {
  auto [instance, shots, wires] = shot_register(c, 2);
  const std::size_t n = wires.size();
  require_counts(instance->counts({}), {{0, shots}}, "counts of |0...0>");
  if (n < 2 || !c.simulating()) return "counts of |0...0> is {0: shots}";
  flip(c, *instance, wires, {0});
  require_counts(instance->counts({}), {{0b10, shots}}, "counts of |10>");
  const std::vector<qrt_wire> swapped{wires[1], wires[0]};
  require_counts(instance->counts(swapped), {{0b01, shots}}, "counts of |10>, wires listed in reverse");
  return "counts of |00> and |10> (both wire orders) put every shot on the right outcome";
}

std::string counts_totals(CheckContext& c) {
  auto [instance, shots, wires] = shot_register(c, 3);
  const std::size_t n = wires.size();
  prepare_if_simulating(c, *instance, wires);
  const Counts counts = instance->counts({});
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    if (counts[i].first >= (std::uint64_t{1} << n))
      fail("outcome " + std::to_string(counts[i].first) + " out of range");
    if (i > 0 && counts[i].first <= counts[i - 1].first)
      fail("outcomes not in increasing order: " + counts_text(counts));
    if (counts[i].second == 0) fail("outcome " + std::to_string(counts[i].first) + " reported with count 0");
    total += counts[i].second;
  }
  if (total != shots) fail("counts sum to " + std::to_string(total) + ", expected " + std::to_string(shots) + " shots");
  return std::to_string(counts.size()) + " outcomes in increasing order summing to " + std::to_string(shots);
}

}  // namespace

void check_sample(CheckContext& c) {
  c.run(kMeasurementGroup, "sample of a fresh register", [&] { return sample_of_fresh_register(c); });
  c.run(kMeasurementGroup, "sample of a basis state", [&] { return sample_of_basis_state(c); });
  c.run(kMeasurementGroup, "sample values", [&] { return sample_values(c); });
}

void check_counts(CheckContext& c) {
  if (!QRT_HAS_FUNCTION(&c.functions(), qrt_device_functions, counts)) {
    c.record(kMeasurementGroup, "counts", Outcome::NotChecked,
             "the device has no counts function: the host aggregates its samples (see sample)");
    return;
  }
  c.run(kMeasurementGroup, "counts of basis states", [&] { return counts_of_basis_states(c); });
  c.run(kMeasurementGroup, "counts totals", [&] { return counts_totals(c); });
}

}  // namespace qrt::conformance
