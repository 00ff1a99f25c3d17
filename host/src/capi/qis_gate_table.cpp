#include "capi/qis_gate_table.hpp"

#include <array>
#include <numbers>

namespace qrt::capi {
namespace {

using context::QisGate;

constexpr std::array<Qelib1Name, static_cast<std::size_t>(QisGate::Count)> kQelib1 = {{
    {"h", "h"},       {"x", "x"},       {"y", "y"},       {"z", "z"},       {"s", "sdg"},
    {"t", "tdg"},     {"sx", "sxdg"},   {"rx", nullptr},  {"ry", nullptr},  {"rz", nullptr},
    {"cx", "cx"},     {"cy", "cy"},     {"cz", "cz"},     {"swap", "swap"}, {"ccx", "ccx"},
    {"rxx", nullptr}, {"ryy", nullptr}, {"rzz", nullptr}, {"p", nullptr},
}};

constexpr double kHalfPi = std::numbers::pi / 2;

// {function, gate, adjoint, angles, qubits, fixed angle, PhasedX}: as gates.cpp applies each.
const QisGateFunction kFunctions[] = {
    {"__quantum__qis__h__body", QisGate::H, false, 0, 1, std::nullopt, false},
    {"__quantum__qis__x__body", QisGate::X, false, 0, 1, std::nullopt, false},
    {"__quantum__qis__y__body", QisGate::Y, false, 0, 1, std::nullopt, false},
    {"__quantum__qis__z__body", QisGate::Z, false, 0, 1, std::nullopt, false},
    {"__quantum__qis__s__body", QisGate::S, false, 0, 1, std::nullopt, false},
    {"__quantum__qis__s__adj", QisGate::S, true, 0, 1, std::nullopt, false},
    {"__quantum__qis__t__body", QisGate::T, false, 0, 1, std::nullopt, false},
    {"__quantum__qis__t__adj", QisGate::T, true, 0, 1, std::nullopt, false},
    {"__quantum__qis__sx__body", QisGate::SX, false, 0, 1, std::nullopt, false},
    {"__quantum__qis__rx__body", QisGate::RX, false, 1, 1, std::nullopt, false},
    {"__quantum__qis__ry__body", QisGate::RY, false, 1, 1, std::nullopt, false},
    {"__quantum__qis__rz__body", QisGate::RZ, false, 1, 1, std::nullopt, false},
    {"__quantum__qis__cnot__body", QisGate::CNOT, false, 0, 2, std::nullopt, false},
    {"__quantum__qis__cx__body", QisGate::CNOT, false, 0, 2, std::nullopt, false},
    {"__quantum__qis__cy__body", QisGate::CY, false, 0, 2, std::nullopt, false},
    {"__quantum__qis__cz__body", QisGate::CZ, false, 0, 2, std::nullopt, false},
    {"__quantum__qis__swap__body", QisGate::SWAP, false, 0, 2, std::nullopt, false},
    {"__quantum__qis__ccx__body", QisGate::Toffoli, false, 0, 3, std::nullopt, false},
    {"__quantum__qis__rxx__body", QisGate::RXX, false, 1, 2, std::nullopt, false},
    {"__quantum__qis__ryy__body", QisGate::RYY, false, 1, 2, std::nullopt, false},
    {"__quantum__qis__rzz__body", QisGate::RZZ, false, 1, 2, std::nullopt, false},
    {"__quantum__qis__zzphase__body", QisGate::RZZ, false, 1, 2, std::nullopt, false},
    {"__quantum__qis__zzmax__body", QisGate::RZZ, false, 0, 2, kHalfPi, false},
    {"__quantum__qis__zz__body", QisGate::RZZ, false, 0, 2, kHalfPi, false},
    {"__quantum__qis__phasedx__body", QisGate::RX, false, 2, 1, std::nullopt, true},
    {"__quantum__qis__u1q__body", QisGate::RX, false, 2, 1, std::nullopt, true},
};

}  // namespace

const Qelib1Name& qelib1_name(QisGate gate) noexcept { return kQelib1[static_cast<std::size_t>(gate)]; }

std::span<const QisGateFunction> qis_gate_functions() noexcept { return kFunctions; }

const QisGateFunction* find_qis_gate_function(std::string_view function) noexcept {
  for (const QisGateFunction& f : kFunctions)
    if (f.function == function) return &f;
  return nullptr;
}

}  // namespace qrt::capi
