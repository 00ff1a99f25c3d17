#include "device/observable_conversion.hpp"

#include <qrt/sdk/error.hpp>

#include <array>
#include <cmath>
#include <string>
#include <vector>

namespace qrt::stab {

namespace {

using qrt::sdk::ObservableKind;

struct FactorRule {
  const char* name;
  bool pauli;
  PauliLetter letter;
};

// Indexed by ObservableKind.
constexpr std::array<FactorRule, 6> kFactorRules{{
    {"Identity", true, PauliLetter::I},
    {"PauliX", true, PauliLetter::X},
    {"PauliY", true, PauliLetter::Y},
    {"PauliZ", true, PauliLetter::Z},
    {"Hadamard", false, PauliLetter::I},
    {"Hermitian", false, PauliLetter::I},
}};

}  // namespace

PauliSum to_pauli_sum(const qrt::sdk::Observable& observable, const WireMap& wires, std::string_view operation) {
  PauliSum sum;
  for (std::size_t t = 0; t < observable.terms.size(); ++t) {
    const qrt::sdk::ObservableTerm& term = observable.terms[t];
    const std::string where = std::string(operation) + ": observable term " + std::to_string(t);
    if (!std::isfinite(term.coefficient)) qrt::sdk::throw_invalid_argument(where + " has a non-finite coefficient");
    PauliString pauli(wires.size());
    std::vector<bool> used(wires.size(), false);
    for (const qrt::sdk::ObservableFactor& factor : term.factors) {
      const auto kind = static_cast<std::size_t>(factor.kind);
      if (kind >= kFactorRules.size()) qrt::sdk::throw_invalid_argument(where + " has an unknown factor kind");
      const FactorRule& rule = kFactorRules[kind];
      if (!rule.pauli)
        qrt::sdk::throw_unsupported(where + " has a " + rule.name +
                                    " factor; stabilizer.qubit measures tensor products of Identity, PauliX, PauliY "
                                    "and PauliZ only");
      if (factor.wires.size() != 1)
        qrt::sdk::throw_invalid_argument(where + ": " + rule.name + " acts on exactly one wire, got " +
                                         std::to_string(factor.wires.size()));
      const std::size_t column = wires.column(factor.wires[0], operation);
      if (used[column])
        qrt::sdk::throw_invalid_argument(where + ": wire " + std::to_string(factor.wires[0]) +
                                         " appears in more than one factor");
      used[column] = true;
      pauli.set(column, rule.letter);
    }
    sum.terms.push_back({term.coefficient, std::move(pauli)});
  }
  return sum;
}

}  // namespace qrt::stab
