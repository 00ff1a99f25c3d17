// stabilizer.qubit: lifecycle, qubit allocation and gates.
#include "device/stabilizer_device.hpp"

#include "clifford/gate_catalog.hpp"
#include "clifford/rotation_gates.hpp"
#include "device/memory_checks.hpp"

#include <qrt/sdk/error.hpp>
#include <qrt/sdk/fresh_seed.hpp>

#include <cstdio>
#include <new>
#include <string>

namespace qrt::stab {

namespace {

void check_control_values(std::span<const qrt::sdk::Wire> controls, std::span<const std::uint8_t> values,
                          const std::string& where) {
  if (values.size() != controls.size())
    qrt::sdk::throw_invalid_argument(where + ": " + std::to_string(values.size()) + " control values for " +
                                     std::to_string(controls.size()) + " controls");
  for (std::uint8_t v : values)
    if (v > 1) qrt::sdk::throw_invalid_argument(where + ": control values must be 0 or 1, got " + std::to_string(v));
}

}  // namespace

qrt::sdk::Capabilities StabilizerDevice::capabilities() {
  qrt::sdk::Capabilities c;
  for (const CatalogGate& gate : GateCatalog::instance().gates()) c.gates.push_back(gate.name);
  // Ids after the catalog's: the rotations, taken at multiples of pi/2 (apply_rotation).
  for (const RotationGate& gate : rotation_gates()) c.gates.emplace_back(gate.name);
  c.observables = {"Identity", "PauliX", "PauliY", "PauliZ"};
  c.measurements = {"expval", "var", "probs", "sample", "counts", "measure", "reset"};
  c.max_qubits = static_cast<std::uint64_t>(DeviceOptions::kLargestMaxQubits);
  c.shots = true;
  c.state = false;
  c.mid_circuit_measurement = true;
  c.controlled_gates = false;  // only PauliX/Y/Z (one control) and Identity (any) take controls
  c.adjoint = true;            // every gate's adjoint is Clifford
  return c;
}

StabilizerDevice::StabilizerDevice(const qrt::sdk::Kwargs& kwargs)
    : StabilizerDevice(DeviceOptions::from_kwargs(kwargs)) {}

StabilizerDevice::StabilizerDevice(const DeviceOptions& options) : options_(options), shots_(options.shots) {
  reseed();
}

void StabilizerDevice::reseed() {
  if (options_.seed) {
    rng_.seed(*options_.seed);
  } else {
    rng_.seed(qrt::sdk::fresh_seed());
  }
}

void StabilizerDevice::reset() {
  tableau_ = Tableau();
  wires_.clear();
  shots_ = options_.shots;
  reseed();
}

std::vector<qrt::sdk::Wire> StabilizerDevice::allocate_qubits(std::size_t count) {
  if (count > options_.max_qubits - num_qubits())
    qrt::sdk::throw_out_of_range("cannot allocate " + std::to_string(count) +
                                 " qubits: " + std::to_string(num_qubits()) + " of at most " +
                                 std::to_string(options_.max_qubits) + " (kwarg max_qubits) are allocated");
  if (count == 0) return {};
  const std::size_t total = num_qubits() + count;
  require_memory(tableau_bytes(total), "a tableau of " + std::to_string(total) + " qubits");
  try {
    tableau_.add_qubits(count);
  } catch (const std::bad_alloc&) {  // the tableau is left as it was (Tableau::add_qubits)
    throw qrt::sdk::Error(QRT_ERROR_OUT_OF_MEMORY, "a tableau of " + std::to_string(total) + " qubits (" +
                                                       qrt::sdk::format_bytes(tableau_bytes(total)) +
                                                       ") cannot be allocated");
  }
  return wires_.allocate(count);
}

void StabilizerDevice::release_qubits(std::span<const qrt::sdk::Wire> wires) {
  if (wires.empty()) return;
  // Check every wire before removing any, so that a refused call changes nothing.
  const std::vector<std::size_t> columns = wires_.columns(wires, "release");
  for (std::size_t i = 0; i < wires.size(); ++i)
    if (tableau_.is_entangled(columns[i]))
      qrt::sdk::throw_failed_precondition("release: wire " + std::to_string(wires[i]) +
                                          " is entangled with other wires; measure or reset it before releasing");
  for (qrt::sdk::Wire wire : wires) {
    tableau_.remove_qubit(wires_.column(wire, "release"));
    wires_.remove(wire);
  }
}

std::vector<std::size_t> StabilizerDevice::gate_columns(std::span<const qrt::sdk::Wire> controls,
                                                        std::span<const qrt::sdk::Wire> wires,
                                                        std::string_view operation) const {
  std::vector<qrt::sdk::Wire> all(controls.begin(), controls.end());
  all.insert(all.end(), wires.begin(), wires.end());
  if (all.empty()) qrt::sdk::throw_invalid_argument(std::string(operation) + ": no wires given");
  return wires_.columns(all, operation);
}

void StabilizerDevice::apply_gate(const qrt::sdk::GateCall& call) {
  const GateCatalog& catalog = GateCatalog::instance();
  if (call.id >= catalog.gates().size() && call.id - catalog.gates().size() < rotation_gates().size())
    return apply_rotation(rotation_gates()[call.id - catalog.gates().size()], call);
  if (call.id >= catalog.gates().size())
    qrt::sdk::throw_invalid_argument("gate id " + std::to_string(call.id) + " is not in stabilizer.qubit's gate list");
  const CatalogGate& gate = catalog.gate(call.id);
  const std::string where = "gate '" + gate.name + "'";
  if (!call.params.empty())
    qrt::sdk::throw_invalid_argument(where + " takes no parameters, got " + std::to_string(call.params.size()));
  if (gate.is_identity ? call.wires.empty() : call.wires.size() != gate.num_wires)
    qrt::sdk::throw_invalid_argument(where + " acts on " +
                                     (gate.is_identity ? "one or more" : std::to_string(gate.num_wires)) +
                                     " wire(s), got " + std::to_string(call.wires.size()));
  check_control_values(call.controls, call.control_values, where);
  const std::vector<std::size_t> columns = gate_columns(call.controls, call.wires, gate.name);
  if (gate.is_identity) return;  // validated; nothing changes, whatever the controls

  if (call.controls.empty()) return tableau_.apply(gate.table[call.adjoint], columns);
  if (call.controls.size() > 1 || gate.num_wires > 1)
    qrt::sdk::throw_unsupported(where + " with " + std::to_string(call.controls.size()) +
                                " control wire(s) is not supported: stabilizer.qubit takes one extra control on "
                                "PauliX, PauliY or PauliZ only (the Clifford cases; Identity takes any)");
  const auto& table = gate.controlled[call.adjoint][call.control_values[0]];
  if (!table)
    qrt::sdk::throw_unsupported(where +
                                " with a control is not a Clifford operation, which stabilizer.qubit "
                                "cannot simulate");
  tableau_.apply(*table, columns);
}

namespace {

std::string angle_list(std::span<const double> angles) {
  std::string text;
  for (double a : angles) {
    char number[32];
    std::snprintf(number, sizeof number, "%.17g", a);
    text += (text.empty() ? "" : ", ") + std::string(number);
  }
  return text;
}

}  // namespace

void StabilizerDevice::apply_rotation(const RotationGate& gate, const qrt::sdk::GateCall& call) {
  const std::string where = "gate '" + std::string(gate.name) + "'";
  if (call.params.size() != gate.num_params)
    qrt::sdk::throw_invalid_argument(where + " takes " + std::to_string(gate.num_params) + " parameter(s), got " +
                                     std::to_string(call.params.size()));
  if (call.wires.size() != 1)
    qrt::sdk::throw_invalid_argument(where + " acts on 1 wire, got " + std::to_string(call.wires.size()));
  check_control_values(call.controls, call.control_values, where);
  if (call.controls.size() > 1)
    qrt::sdk::throw_unsupported(where + " with " + std::to_string(call.controls.size()) +
                                " control wires is not a Clifford operation, which stabilizer.qubit cannot simulate");
  const std::vector<std::size_t> columns = gate_columns(call.controls, call.wires, where);
  const std::optional<int> control = call.controls.empty() ? std::nullopt : std::optional<int>(call.control_values[0]);
  const auto table = rotation_clifford(gate, call.params, call.adjoint, control);
  if (!table)
    qrt::sdk::throw_unsupported(std::string(gate.name) + "(" + angle_list(call.params) + ")" +
                                (control ? " with a control" : "") +
                                " is not a Clifford operation, which stabilizer.qubit cannot simulate (rotations "
                                "run when their angles are multiples of pi/2)");
  tableau_.apply(*table, columns);
}

void StabilizerDevice::apply_matrix(const qrt::sdk::MatrixCall& call) {
  const std::size_t total = call.wires.size() + call.controls.size();
  if (call.wires.empty() || total > LocalClifford::kMaxArity)
    qrt::sdk::throw_unsupported("apply_matrix on " + std::to_string(call.wires.size()) + " wire(s) with " +
                                std::to_string(call.controls.size()) +
                                " control(s): stabilizer.qubit applies Clifford unitaries on at most 2 wires in all");
  const std::size_t dim = std::size_t{1} << call.wires.size();
  if (call.matrix.size() != dim * dim)
    qrt::sdk::throw_invalid_argument("apply_matrix: a matrix on " + std::to_string(call.wires.size()) +
                                     " wire(s) needs " + std::to_string(dim * dim) + " entries, got " +
                                     std::to_string(call.matrix.size()));
  if (!is_unitary(call.matrix, dim)) qrt::sdk::throw_invalid_argument("apply_matrix: the matrix is not unitary");
  check_control_values(call.controls, call.control_values, "apply_matrix");
  const std::vector<std::size_t> columns = gate_columns(call.controls, call.wires, "apply_matrix");

  std::vector<Complex> matrix(call.matrix.begin(), call.matrix.end());
  if (call.adjoint)
    for (std::size_t i = 0; i < dim; ++i)
      for (std::size_t j = 0; j < dim; ++j) matrix[j * dim + i] = std::conj(call.matrix[i * dim + j]);
  if (!call.controls.empty()) matrix = controlled_matrix(matrix, call.control_values[0]);
  const auto table = LocalClifford::from_unitary(matrix, static_cast<unsigned>(total));
  if (!table)
    qrt::sdk::throw_unsupported(
        "apply_matrix: the matrix is not a Clifford unitary (it does not map Pauli operators "
        "to Pauli operators), which stabilizer.qubit cannot simulate");
  tableau_.apply(*table, columns);
}

std::uint64_t StabilizerDevice::memory_bytes() const {
  return sizeof(*this) + tableau_.memory_bytes() + wires_.memory_bytes();
}

}  // namespace qrt::stab
