// The built-in gate library of the program model: the primitives U and CX and the standard gates, each
// defined exactly (global phase included) down to U and CX. The gates are those of Qiskit's final
// qelib1.inc (the OpenQASM front end's `include "qelib1.inc"` takes them from here), with two bodies
// corrected so that every gate is exactly the gate its name promises (Qiskit's own OpenQASM 2 loader
// replaces these two with its C3SXGate and C4XGate for the same reason):
//  - c3sqrtx: the shipped body's cu1 signs give a 3-controlled SX†; here they are flipped to give the
//    3-controlled SX = [[1+i, 1-i], [1-i, 1+i]]/2.
//  - c4x: the shipped body conjugates the wrong qubit (`h d; cu1(pi/4) d,e; h d;`) and is not a
//    4-controlled X at all; here it is the intended C(SX) · C3X · C(SX†) · C3X · C3(SX) construction.
//
// Only gates of this library (GateDefinition::builtin) are mapped to native device gates by name when a
// Program is lowered; see lowering.hpp for the conventions (U is Qiskit's matrix).
#pragma once

#include <qrt/program/gate.hpp>

#include <optional>
#include <span>
#include <string_view>

namespace qrt::program {

// U (index Program::kGateU), CX (Program::kGateCX), then the standard gates in qelib1.inc's order. Each
// body calls only gates before it, by index into this list. Every entry is builtin, with no source
// position (SourcePos{}) and its nesting depth set. Built once, immutable, safe to share between threads.
std::span<const GateDefinition> standard_gates() noexcept;

// The index in standard_gates() of the gate called `name` (exact spelling), if there is one.
std::optional<std::uint32_t> find_standard_gate(std::string_view name) noexcept;

}  // namespace qrt::program
