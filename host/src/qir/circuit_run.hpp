// Running a straight-line QIR program (straight_line.hpp) the way OpenQASM circuits run: lowered to the
// device's gates and executed by the circuit runner (qrt/circuit_runner.hpp): fused, simulated once and
// sampled for all shots when every measurement is terminal, else shot by shot. The shots' records are
// then written from the sampled bits, one ShotOutput per shot as the JIT path writes them.
#pragma once

#include "exec/seeding.hpp"
#include "qir/straight_line.hpp"

#include <qrt/qir/program.hpp>

#include <cstdint>

namespace qrt::qir {

// `seed`: the run's base seed, which the device takes as `device_seed` says (exec/seeding.hpp). An error while
// the circuit runs fails the first shot with its message (every shot when !stop_on_failure).
RunResult run_circuit(const StraightLineCircuit& circuit, Device& device, const RunOptions& options, std::uint64_t seed,
                      exec::SeedUse device_seed);

}  // namespace qrt::qir
