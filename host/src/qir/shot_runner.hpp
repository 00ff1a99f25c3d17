// Running a compiled entry point once on the calling thread's driven device: the program's records go to
// a ShotOutput, and a runtime failure (or __quantum__rt__fail) ends the shot through setjmp/longjmp —
// JIT code has no destructors to skip, and the runtime raises failures with none of its own live.
#pragma once

#include "exec/seeding.hpp"

#include <qrt/qir/program.hpp>

namespace qrt::qir {

// A compiled entry point (JitSession::EntryFunction), named here without LLVM's headers.
using EntryFunction = void (*)();

// `seed` seeds the program's random draws, and the device as `device_seed` says (exec/seeding.hpp).
ShotOutput run_entry_once(EntryFunction entry, std::uint64_t required_qubits, std::uint64_t required_results,
                          std::uint64_t seed, exec::SeedUse device_seed);

}  // namespace qrt::qir
