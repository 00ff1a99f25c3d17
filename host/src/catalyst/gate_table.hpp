// The gates Catalyst's runtime applies by name (PennyLane's gate set): how many parameters and wires each
// takes, and the device gate it is. PennyLane's matrices are the devices' (docs/plugins.md: the ABI's gate
// names and conventions are PennyLane's), so RZ(θ) = diag(e^{-iθ/2}, e^{iθ/2}), GlobalPhase(φ) = e^{-iφ} I.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace qrt::catalyst {

enum class Gate : std::uint8_t {
  Identity,
  PauliX,
  PauliY,
  PauliZ,
  Hadamard,
  S,
  T,
  SX,
  PhaseShift,
  RX,
  RY,
  RZ,
  Rot,
  CNOT,
  CY,
  CZ,
  CH,
  SWAP,
  ISWAP,
  PSWAP,
  SISWAP,
  SQISW,
  ECR,
  IsingXX,
  IsingXY,
  IsingYY,
  IsingZZ,
  SingleExcitation,
  SingleExcitationPlus,
  SingleExcitationMinus,
  DoubleExcitation,
  DoubleExcitationPlus,
  DoubleExcitationMinus,
  ControlledPhaseShift,
  CRX,
  CRY,
  CRZ,
  CRot,
  CSWAP,
  Toffoli,
  MultiRZ,
  GlobalPhase,
};

struct GateSpec {
  std::string_view name;         // Catalyst's (the runtime function is __catalyst__qis__<name>)
  std::string_view device_name;  // the device's gate
  unsigned params;
  unsigned wires;  // 0 for MultiRZ, Identity (any number) and GlobalPhase (none)
};

inline constexpr std::size_t kGateCount = static_cast<std::size_t>(Gate::GlobalPhase) + 1;

inline constexpr std::array<GateSpec, kGateCount> kGateSpecs = {{
    {"Identity", "Identity", 0, 0},
    {"PauliX", "PauliX", 0, 1},
    {"PauliY", "PauliY", 0, 1},
    {"PauliZ", "PauliZ", 0, 1},
    {"Hadamard", "Hadamard", 0, 1},
    {"S", "S", 0, 1},
    {"T", "T", 0, 1},
    {"SX", "SX", 0, 1},
    {"PhaseShift", "PhaseShift", 1, 1},
    {"RX", "RX", 1, 1},
    {"RY", "RY", 1, 1},
    {"RZ", "RZ", 1, 1},
    {"Rot", "Rot", 3, 1},
    {"CNOT", "CNOT", 0, 2},
    {"CY", "CY", 0, 2},
    {"CZ", "CZ", 0, 2},
    {"CH", "CH", 0, 2},
    {"SWAP", "SWAP", 0, 2},
    {"ISWAP", "ISWAP", 0, 2},
    {"PSWAP", "PSWAP", 1, 2},
    {"SISWAP", "SISWAP", 0, 2},
    {"SQISW", "SISWAP", 0, 2},  // PennyLane's alias
    {"ECR", "ECR", 0, 2},
    {"IsingXX", "IsingXX", 1, 2},
    {"IsingXY", "IsingXY", 1, 2},
    {"IsingYY", "IsingYY", 1, 2},
    {"IsingZZ", "IsingZZ", 1, 2},
    {"SingleExcitation", "SingleExcitation", 1, 2},
    {"SingleExcitationPlus", "SingleExcitationPlus", 1, 2},
    {"SingleExcitationMinus", "SingleExcitationMinus", 1, 2},
    {"DoubleExcitation", "DoubleExcitation", 1, 4},
    {"DoubleExcitationPlus", "DoubleExcitationPlus", 1, 4},
    {"DoubleExcitationMinus", "DoubleExcitationMinus", 1, 4},
    {"ControlledPhaseShift", "ControlledPhaseShift", 1, 2},
    {"CRX", "CRX", 1, 2},
    {"CRY", "CRY", 1, 2},
    {"CRZ", "CRZ", 1, 2},
    {"CRot", "CRot", 3, 2},
    {"CSWAP", "CSWAP", 0, 3},
    {"Toffoli", "Toffoli", 0, 3},
    {"MultiRZ", "MultiRZ", 1, 0},
    {"GlobalPhase", "GlobalPhase", 1, 0},
}};

constexpr const GateSpec& gate_spec(Gate gate) noexcept { return kGateSpecs[static_cast<std::size_t>(gate)]; }

}  // namespace qrt::catalyst
