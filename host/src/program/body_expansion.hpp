// Instantiating one gate body for actual parameters and qubits: shared by expand_to_primitives() and
// lower(), so both expand definitions identically.
#pragma once

#include <qrt/program/program.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace qrt::program::detail {

// The parameters of `call` (a statement in the body of `gate`) for the enclosing gate's actual
// `params`. Throws Error quoting the failing expression and naming `applied_at`, the top-level statement.
void evaluate_call_params(const Program& program, const GateDefinition& gate, const GateCall& call,
                          std::span<const double> params, SourcePos applied_at, std::vector<double>& out);

// The global qubits of `call`, given the global qubits bound to the enclosing gate's formals.
inline void map_call_qubits(const GateCall& call, std::span<const std::uint32_t> qubits,
                            std::vector<std::uint32_t>& out) {
  out.clear();
  for (std::uint32_t formal : call.qubits) out.push_back(qubits[formal]);
}

}  // namespace qrt::program::detail
