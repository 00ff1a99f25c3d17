// The measurements group, one function per measurement name a device can declare (the table is in
// measurement_checks.cpp). Each runs its checks only when the name is declared.
#pragma once

#include "conformance/check_context.hpp"
#include "conformance/kit_circuit.hpp"

namespace qrt::conformance {

inline constexpr std::string_view kMeasurementGroup = "measurements";

void check_probs(CheckContext& context);    // readout_checks.cpp
void check_state(CheckContext& context);    // readout_checks.cpp
void check_sample(CheckContext& context);   // shot_checks.cpp
void check_counts(CheckContext& context);   // shot_checks.cpp
void check_expval(CheckContext& context);   // observable_checks.cpp
void check_var(CheckContext& context);      // observable_checks.cpp
void check_measure(CheckContext& context);  // collapse_checks.cpp
void check_reset(CheckContext& context);    // collapse_checks.cpp

// A random state when the device simulates and has the gates; else nothing (the register stays |0...0>).
// Returns the ops applied.
std::vector<KitOp> prepare_if_simulating(CheckContext& context, NativeInstance& instance,
                                         std::span<const qrt_wire> wires);
// PauliX on `positions`, or NotApplicable when the device does not simulate or lacks PauliX.
void flip(CheckContext& context, NativeInstance& instance, std::span<const qrt_wire> wires,
          std::initializer_list<std::size_t> positions);

}  // namespace qrt::conformance
