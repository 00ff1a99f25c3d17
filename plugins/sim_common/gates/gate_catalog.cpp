#include "gates/gate_catalog.hpp"

#include "gates/gate_builders.hpp"

#include <array>

namespace qrt::sv {

namespace {
using namespace gates;
constexpr unsigned kAny = kAnyNumberOfWires;

// Order = gate ids. Append new gates at the end.
constexpr std::array kCatalog{
    //       name                     params min max own-controls builder
    GateSpec{"Identity", 0, 0, kAny, 0, &identity},
    GateSpec{"PauliX", 0, 1, 1, 0, &pauli_x},
    GateSpec{"PauliY", 0, 1, 1, 0, &pauli_y},
    GateSpec{"PauliZ", 0, 1, 1, 0, &pauli_z},
    GateSpec{"Hadamard", 0, 1, 1, 0, &hadamard},
    GateSpec{"S", 0, 1, 1, 0, &s_gate},
    GateSpec{"T", 0, 1, 1, 0, &t_gate},
    GateSpec{"SX", 0, 1, 1, 0, &sx},
    GateSpec{"PhaseShift", 1, 1, 1, 0, &phase_shift},
    GateSpec{"RX", 1, 1, 1, 0, &rx},
    GateSpec{"RY", 1, 1, 1, 0, &ry},
    GateSpec{"RZ", 1, 1, 1, 0, &rz},
    GateSpec{"Rot", 3, 1, 1, 0, &rot},
    GateSpec{"CNOT", 0, 2, 2, 1, &pauli_x},
    GateSpec{"CY", 0, 2, 2, 1, &pauli_y},
    GateSpec{"CZ", 0, 2, 2, 1, &pauli_z},
    GateSpec{"CH", 0, 2, 2, 1, &hadamard},
    GateSpec{"SWAP", 0, 2, 2, 0, &gates::swap},
    GateSpec{"ISWAP", 0, 2, 2, 0, &iswap},
    GateSpec{"PSWAP", 1, 2, 2, 0, &pswap},
    GateSpec{"SISWAP", 0, 2, 2, 0, &siswap},
    GateSpec{"SQISW", 0, 2, 2, 0, &siswap},  // PennyLane's alias of SISWAP
    GateSpec{"ECR", 0, 2, 2, 0, &ecr},
    GateSpec{"IsingXX", 1, 2, 2, 0, &ising_xx},
    GateSpec{"IsingXY", 1, 2, 2, 0, &ising_xy},
    GateSpec{"IsingYY", 1, 2, 2, 0, &ising_yy},
    GateSpec{"IsingZZ", 1, 2, 2, 0, &ising_zz},
    GateSpec{"ControlledPhaseShift", 1, 2, 2, 1, &phase_shift},
    GateSpec{"CRX", 1, 2, 2, 1, &rx},
    GateSpec{"CRY", 1, 2, 2, 1, &ry},
    GateSpec{"CRZ", 1, 2, 2, 1, &rz},
    GateSpec{"CRot", 3, 2, 2, 1, &rot},
    GateSpec{"Toffoli", 0, 3, 3, 2, &pauli_x},
    GateSpec{"CSWAP", 0, 3, 3, 1, &gates::swap},
    GateSpec{"MultiRZ", 1, 1, kAny, 0, &multi_rz},
    GateSpec{"GlobalPhase", 1, 0, kAny, 0, &global_phase},
    GateSpec{"SingleExcitation", 1, 2, 2, 0, &single_excitation},
    GateSpec{"SingleExcitationPlus", 1, 2, 2, 0, &single_excitation_plus},
    GateSpec{"SingleExcitationMinus", 1, 2, 2, 0, &single_excitation_minus},
    GateSpec{"DoubleExcitation", 1, 4, 4, 0, &double_excitation},
    GateSpec{"DoubleExcitationPlus", 1, 4, 4, 0, &double_excitation_plus},
    GateSpec{"DoubleExcitationMinus", 1, 4, 4, 0, &double_excitation_minus},
};
}  // namespace

std::span<const GateSpec> gate_catalog() { return kCatalog; }

}  // namespace qrt::sv
