// lifecycle: create with the kwargs, allocate and release, reset (no qubits, shots restored), destroy;
// many instances one after another and at once.
#include "conformance/check_groups.hpp"

#include <algorithm>
#include <set>

namespace qrt::conformance {
namespace {

constexpr std::string_view kGroup = "lifecycle";

std::string check_create(CheckContext& c) {
  auto instance = c.create();
  const std::size_t n = instance->num_qubits();
  if (n != 0) fail("a fresh instance reports " + std::to_string(n) + " qubits, expected 0");
  c.can_create = true;
  return "created with " + *c.kwargs() + "; 0 qubits";
}

std::string check_allocate_release(CheckContext& c) {
  auto instance = c.create();
  const std::size_t n = c.fit(3);
  const std::vector<qrt_wire> wires = instance->allocate(n);
  if (std::set<qrt_wire>(wires.begin(), wires.end()).size() != n)
    fail("allocate_qubits(" + std::to_string(n) + ") gave repeated ids " + format_wires(wires));
  if (instance->num_qubits() != n)
    fail("num_qubits is " + std::to_string(instance->num_qubits()) + " after allocating " + std::to_string(n));
  instance->allocate(0);
  if (instance->num_qubits() != n) fail("allocate_qubits(0) changed num_qubits");
  instance->release(std::span<const qrt_wire>(wires).last(1));
  if (instance->num_qubits() != n - 1)
    fail("num_qubits is " + std::to_string(instance->num_qubits()) + " after releasing 1 of " + std::to_string(n));
  const std::vector<qrt_wire> more = instance->allocate(1);
  for (std::size_t i = 0; i + 1 < n; ++i)
    if (wires[i] == more[0]) fail("a newly allocated wire reuses the id of a live wire " + std::to_string(more[0]));
  return "allocated " + format_wires(wires) + ", released " + std::to_string(wires.back()) + ", allocated " +
         format_wires(more);
}

std::string check_reset(CheckContext& c) {
  auto instance = c.create();
  const bool has_shots = QRT_HAS_FUNCTION(&c.functions(), qrt_device_functions, get_shots) &&
                         QRT_HAS_FUNCTION(&c.functions(), qrt_device_functions, set_shots);
  std::uint64_t initial = 0;
  if (has_shots) {
    initial = instance->shots();
    instance->set_shots(initial + 7);
    if (instance->shots() != initial + 7) fail("get_shots does not return what set_shots set");
  }
  instance->allocate(c.fit(3));
  instance->reset();
  if (instance->num_qubits() != 0) fail("num_qubits is " + std::to_string(instance->num_qubits()) + " after reset");
  std::string detail = "no qubits after reset";
  if (has_shots) {
    if (instance->shots() != initial)
      fail("shots are " + std::to_string(instance->shots()) + " after reset, expected the kwargs' " +
           std::to_string(initial));
    detail += ", shots restored to " + std::to_string(initial);
  }
  const std::vector<qrt_wire> wires = instance->allocate(1);
  if (instance->num_qubits() != 1)
    fail("allocating after reset gave num_qubits " + std::to_string(instance->num_qubits()));
  return detail + "; usable again";
}

std::string check_repeated(CheckContext& c) {
  const std::size_t n = c.options().lifecycle_repetitions;
  for (std::size_t i = 0; i < n; ++i) {
    auto instance = c.create();
    instance->allocate(std::min<std::size_t>(2, c.fit(3)));
  }
  std::vector<std::unique_ptr<NativeInstance>> live;
  for (std::size_t i = 0; i < 16; ++i) {
    live.push_back(c.create());
    live.back()->allocate(1);
  }
  for (auto& instance : live)
    if (instance->num_qubits() != 1)
      fail("one of 16 live instances reports " + std::to_string(instance->num_qubits()) + " qubits");
  return std::to_string(n) + " create/allocate/destroy cycles, then 16 instances alive at once";
}

}  // namespace

void check_lifecycle(CheckContext& context) {
  context.run(kGroup, "create with kwargs", [&] { return check_create(context); });
  if (!context.can_create) {
    for (const char* name : {"allocate and release", "reset", "create and destroy repeatedly"})
      context.record(kGroup, name, Outcome::NotChecked, "no instance could be created");
    return;
  }
  context.run(kGroup, "allocate and release", [&] { return check_allocate_release(context); });
  context.run(kGroup, "reset", [&] { return check_reset(context); });
  context.run(kGroup, "create and destroy repeatedly", [&] { return check_repeated(context); });
}

}  // namespace qrt::conformance
