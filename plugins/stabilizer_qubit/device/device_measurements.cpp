// stabilizer.qubit: measurements, observables, probabilities and samples.
#include "clifford/gate_catalog.hpp"
#include "device/memory_checks.hpp"
#include "device/observable_conversion.hpp"
#include "device/stabilizer_device.hpp"
#include "observables/analytic_estimates.hpp"
#include "observables/sampled_estimates.hpp"
#include "sampling/outcome_space.hpp"

#include <qrt/sdk/error.hpp>

#include <string>

namespace qrt::stab {

int StabilizerDevice::measure(qrt::sdk::Wire wire, std::optional<int> postselect) {
  const std::size_t column = wires_.column(wire, "measure");
  if (postselect && *postselect != 0 && *postselect != 1)
    qrt::sdk::throw_invalid_argument("measure: postselect must be 0 or 1, got " + std::to_string(*postselect));
  if (tableau_.outcome_is_random(column)) {
    const int outcome = postselect ? *postselect : static_cast<int>(rng_() >> 63);
    tableau_.collapse(column, outcome);
    return outcome;
  }
  const int outcome = tableau_.deterministic_outcome(column);
  if (postselect && *postselect != outcome)
    qrt::sdk::throw_failed_precondition("measure: postselecting outcome " + std::to_string(*postselect) + " on wire " +
                                        std::to_string(wire) + ", which has probability 0");
  return outcome;
}

void StabilizerDevice::reset_wire(qrt::sdk::Wire wire) {
  static const CatalogGate& pauli_x = GateCatalog::instance().gate(*GateCatalog::instance().find("PauliX"));
  const std::size_t column = wires_.column(wire, "reset");
  if (measure(wire, std::nullopt) == 1) tableau_.apply(pauli_x.table[0], std::span<const std::size_t>(&column, 1));
}

double StabilizerDevice::expval(const qrt::sdk::Observable& observable) {
  const PauliSum sum = to_pauli_sum(observable, wires_, "expval");
  if (shots_ != 0) require_shot_memory(shots_, "expval");
  return shots_ == 0 ? expval_exact(tableau_, sum) : expval_sampled(tableau_, sum, shots_, rng_);
}

double StabilizerDevice::var(const qrt::sdk::Observable& observable) {
  const PauliSum sum = to_pauli_sum(observable, wires_, "var");
  if (shots_ != 0) require_shot_memory(shots_, "var");
  return shots_ == 0 ? var_exact(tableau_, sum) : var_sampled(tableau_, sum, shots_, rng_);
}

void StabilizerDevice::probs(std::span<const qrt::sdk::Wire> wires, std::span<double> out) {
  const std::vector<std::size_t> columns = wires_.columns(wires, "probs");
  if (columns.size() > OutcomeSpace::kMaxProbabilityBits)
    qrt::sdk::throw_out_of_range(
        "probs over " + std::to_string(columns.size()) + " wires: stabilizer.qubit lists probabilities for at most " +
        std::to_string(OutcomeSpace::kMaxProbabilityBits) + " wires (2^20 outcomes); use sample or counts for more");
  if (out.size() != (std::size_t{1} << columns.size()))
    qrt::sdk::throw_invalid_argument("probs: output length must be 2^" + std::to_string(columns.size()));
  OutcomeSpace(tableau_, columns).probabilities(out);
}

void StabilizerDevice::sample(std::span<const qrt::sdk::Wire> wires, std::span<std::uint8_t> out) {
  if (shots_ == 0) qrt::sdk::throw_failed_precondition("sample needs shots > 0 (set the 'shots' kwarg)");
  const std::vector<std::size_t> columns = wires_.columns(wires, "sample");
  if (out.size() != shots_ * columns.size())
    qrt::sdk::throw_invalid_argument("sample: output length must be shots * number of wires");
  OutcomeSpace(tableau_, columns).sample(rng_, shots_, out);
}

std::size_t StabilizerDevice::state_size() {
  qrt::sdk::throw_unsupported("state: stabilizer.qubit keeps a stabiliser tableau, not amplitudes");
}

void StabilizerDevice::state(std::span<qrt::sdk::Complex>) { state_size(); }

}  // namespace qrt::stab
