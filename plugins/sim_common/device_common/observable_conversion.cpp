#include "device_common/observable_conversion.hpp"

namespace qrt::sv {

namespace {
FactorKind kind_of(qrt::sdk::ObservableKind kind) {
  switch (kind) {
    case qrt::sdk::ObservableKind::Identity: return FactorKind::Identity;
    case qrt::sdk::ObservableKind::PauliX: return FactorKind::PauliX;
    case qrt::sdk::ObservableKind::PauliY: return FactorKind::PauliY;
    case qrt::sdk::ObservableKind::PauliZ: return FactorKind::PauliZ;
    case qrt::sdk::ObservableKind::Hadamard: return FactorKind::Hadamard;
    case qrt::sdk::ObservableKind::Hermitian: return FactorKind::Hermitian;
  }
  qrt::sdk::throw_invalid_argument("unknown observable kind " + std::to_string(static_cast<unsigned>(kind)));
}
}  // namespace

Observable to_qubit_observable(const qrt::sdk::Observable& observable, const WireMap& wires,
                               std::string_view operation) {
  Observable out;
  out.terms.reserve(observable.terms.size());
  for (const qrt::sdk::ObservableTerm& term : observable.terms) {
    Term converted;
    converted.coefficient = term.coefficient;
    for (const qrt::sdk::ObservableFactor& factor : term.factors) {
      Factor f;
      f.kind = kind_of(factor.kind);
      for (qrt::sdk::Wire w : factor.wires) f.qubits.push_back(wires.qubit(w, operation));
      f.matrix = factor.matrix;
      converted.factors.push_back(std::move(f));
    }
    out.terms.push_back(std::move(converted));
  }
  return out;
}

QubitMask qubit_mask_of(const qrt::sdk::Observable& observable, const WireMap& wires, std::string_view operation) {
  QubitMask mask = 0;
  for (const qrt::sdk::ObservableTerm& term : observable.terms)
    for (const qrt::sdk::ObservableFactor& factor : term.factors)
      for (qrt::sdk::Wire w : factor.wires) mask |= QubitMask{1} << wires.qubit(w, operation);
  return mask;
}

}  // namespace qrt::sv
