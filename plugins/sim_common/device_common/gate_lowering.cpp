#include "device_common/gate_lowering.hpp"

#include "gates/gate_catalog.hpp"

#include <qrt/sdk/error.hpp>

#include <cmath>
#include <random>
#include <sstream>
#include <string>

namespace qrt::sv {

namespace {

using qrt::sdk::throw_invalid_argument;

constexpr std::size_t kMaxMatrixWires = 10;

std::string wire_count_text(const GateSpec& spec) {
  if (spec.max_wires == kAnyNumberOfWires) return "at least " + std::to_string(spec.min_wires);
  return std::to_string(spec.min_wires);
}

// Maps wires to qubits, rejecting unknown and repeated wires (across all lists passed to `add`).
class QubitCollector {
 public:
  QubitCollector(const WireMap& wires, std::string_view operation) : wires_(wires), operation_(operation) {}

  unsigned add(qrt::sdk::Wire wire) {
    const unsigned q = wires_.qubit(wire, operation_);
    if ((seen_ >> q) & 1u)
      throw_invalid_argument(std::string(operation_) + ": wire " + std::to_string(wire) + " is used more than once");
    seen_ |= QubitMask{1} << q;
    return q;
  }

  // Controls with their values; returns {mask, values}.
  std::pair<QubitMask, QubitMask> controls(std::span<const qrt::sdk::Wire> controls,
                                           std::span<const std::uint8_t> values) {
    if (values.size() != controls.size())
      throw_invalid_argument(std::string(operation_) + ": " + std::to_string(controls.size()) + " controls but " +
                             std::to_string(values.size()) + " control values");
    QubitMask mask = 0, set = 0;
    for (std::size_t i = 0; i < controls.size(); ++i) {
      if (values[i] > 1)
        throw_invalid_argument(std::string(operation_) + ": control value " + std::to_string(values[i]) + " of wire " +
                               std::to_string(controls[i]) + " is not 0 or 1");
      const unsigned q = add(controls[i]);
      mask |= QubitMask{1} << q;
      if (values[i]) set |= QubitMask{1} << q;
    }
    return {mask, set};
  }

 private:
  const WireMap& wires_;
  std::string_view operation_;
  QubitMask seen_ = 0;
};

}  // namespace

GateOps lower_gate_call(const qrt::sdk::GateCall& call, const WireMap& wires) {
  const auto catalog = gate_catalog();
  if (call.id >= catalog.size())
    throw_invalid_argument("gate id " + std::to_string(call.id) + " is not in statevector.qubit's gate list");
  const GateSpec& spec = catalog[call.id];
  const std::string_view name = spec.name;  // strings are built only for error messages

  if (call.params.size() != spec.num_params)
    throw_invalid_argument(std::string(name) + " takes " + std::to_string(spec.num_params) + " parameter(s), got " +
                           std::to_string(call.params.size()));
  for (std::size_t i = 0; i < call.params.size(); ++i)
    if (!std::isfinite(call.params[i]))
      throw_invalid_argument(std::string(name) + ": parameter " + std::to_string(i) + " is not finite");
  if (call.wires.size() < spec.min_wires || call.wires.size() > spec.max_wires)
    throw_invalid_argument(std::string(name) + " acts on " + wire_count_text(spec) + " wire(s), got " +
                           std::to_string(call.wires.size()));
  if (call.wires.size() + call.controls.size() > wires.num_qubits())
    throw_invalid_argument(std::string(name) + ": " + std::to_string(call.wires.size() + call.controls.size()) +
                           " wires named but only " + std::to_string(wires.num_qubits()) + " allocated");

  QubitCollector collect(wires, name);
  QubitMask own_controls = 0;
  for (unsigned i = 0; i < spec.own_controls; ++i) own_controls |= QubitMask{1} << collect.add(call.wires[i]);
  unsigned targets[64];
  const std::size_t num_targets = call.wires.size() - spec.own_controls;
  for (std::size_t i = 0; i < num_targets; ++i) targets[i] = collect.add(call.wires[spec.own_controls + i]);
  const auto [extra_mask, extra_values] = collect.controls(call.controls, call.control_values);

  GateOps ops;
  spec.build(call.params, std::span<const unsigned>(targets, num_targets), ops);
  if (call.adjoint) adjoint_in_place(ops);
  add_controls(ops, own_controls | extra_mask, own_controls | extra_values);
  return ops;
}

namespace {

// max |(U^dagger U - I)_ij|, exactly for small matrices; for large ones (8^k work) estimated from
// |U^dagger U v - v| on random vectors, which any non-unitary matrix fails with probability 1.
double unitarity_deviation(std::span<const Complex> u, std::size_t dim) {
  double worst = 0.0;
  if (dim <= 64) {
    for (std::size_t i = 0; i < dim; ++i)
      for (std::size_t j = 0; j < dim; ++j) {
        Complex dot = 0.0;
        for (std::size_t r = 0; r < dim; ++r) dot += std::conj(u[r * dim + i]) * u[r * dim + j];
        worst = std::max(worst, std::abs(dot - (i == j ? 1.0 : 0.0)));
      }
    return worst;
  }
  std::mt19937_64 rng(dim);
  std::normal_distribution<double> normal;
  std::vector<Complex> v(dim), uv(dim), back(dim);
  for (int probe = 0; probe < 2; ++probe) {
    double norm = 0.0;
    for (auto& x : v) x = {normal(rng), normal(rng)}, norm += std::norm(x);
    for (auto& x : v) x /= std::sqrt(norm);
    for (std::size_t r = 0; r < dim; ++r) {
      Complex acc = 0.0;
      for (std::size_t c = 0; c < dim; ++c) acc += u[r * dim + c] * v[c];
      uv[r] = acc;
    }
    for (std::size_t c = 0; c < dim; ++c) {
      Complex acc = 0.0;
      for (std::size_t r = 0; r < dim; ++r) acc += std::conj(u[r * dim + c]) * uv[r];
      worst = std::max(worst, std::abs(acc - v[c]));
    }
  }
  return worst;
}

}  // namespace

QubitOp lower_matrix_call(const qrt::sdk::MatrixCall& call, const WireMap& wires, std::vector<Complex>& storage) {
  const std::string name = "QubitUnitary";
  const std::size_t k = call.wires.size();
  if (k == 0) throw_invalid_argument(name + ": needs at least one wire");
  // Checking unitarity costs dim^3: a bound keeps one call from running for hours.
  if (k > kMaxMatrixWires)
    qrt::sdk::throw_out_of_range(
        name + ": a matrix on " + std::to_string(k) + " wires is larger than statevector.qubit applies (at most " +
        std::to_string(kMaxMatrixWires) + " wires, a " + std::to_string(std::size_t{1} << kMaxMatrixWires) + " x " +
        std::to_string(std::size_t{1} << kMaxMatrixWires) + " matrix); decompose it");
  if (k + call.controls.size() > wires.num_qubits())
    throw_invalid_argument(name + ": " + std::to_string(k + call.controls.size()) + " wires named but only " +
                           std::to_string(wires.num_qubits()) + " allocated");
  const std::size_t dim = std::size_t{1} << k;
  if (call.matrix.size() != dim * dim)
    throw_invalid_argument(name + ": a matrix on " + std::to_string(k) + " wire(s) needs " + std::to_string(dim * dim) +
                           " entries, got " + std::to_string(call.matrix.size()));
  for (std::size_t i = 0; i < call.matrix.size(); ++i)
    if (!std::isfinite(call.matrix[i].real()) || !std::isfinite(call.matrix[i].imag()))
      throw_invalid_argument(name + ": matrix entry (" + std::to_string(i / dim) + ", " + std::to_string(i % dim) +
                             ") is not finite");

  QubitCollector collect(wires, name);
  std::vector<unsigned> lsb_first(k);
  for (std::size_t j = 0; j < k; ++j) lsb_first[k - 1 - j] = collect.add(call.wires[j]);
  const auto [control_mask, control_values] = collect.controls(call.controls, call.control_values);

  const double deviation = unitarity_deviation(call.matrix, dim);
  if (!(deviation <= kUnitarityTolerance)) {
    std::ostringstream text;
    text << name << ": the matrix is not unitary (max |U^dagger U - I| = " << std::scientific << deviation
         << ", tolerance " << kUnitarityTolerance << ")";
    throw_invalid_argument(text.str());
  }

  storage.resize(dim * dim);
  for (std::size_t r = 0; r < dim; ++r)
    for (std::size_t c = 0; c < dim; ++c)
      storage[r * dim + c] = call.adjoint ? std::conj(call.matrix[c * dim + r]) : call.matrix[r * dim + c];
  QubitOp op = QubitOp::dense(lsb_first, storage);
  op.control_mask = control_mask;
  op.control_values = control_values;
  return op;
}

}  // namespace qrt::sv
