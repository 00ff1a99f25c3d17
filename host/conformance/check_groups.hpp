// The check groups, in the order they run (see check.cpp's table). Each records its results in the
// context's report and the facts later groups need (can_create, observation, simulating).
#pragma once

#include "conformance/check_context.hpp"

namespace qrt::conformance {

void check_abi(CheckContext& context);           // abi_checks.cpp
void check_lifecycle(CheckContext& context);     // lifecycle_checks.cpp
void check_simulation(CheckContext& context);    // simulation_probe.cpp
void check_gates(CheckContext& context);         // gate_checks.cpp
void check_measurements(CheckContext& context);  // measurement_checks.cpp
void check_errors(CheckContext& context);        // error_checks.cpp
void check_concurrency(CheckContext& context);   // concurrency_checks.cpp

}  // namespace qrt::conformance
