#include "conformance/native_instance.hpp"

#include <limits>

namespace qrt::conformance {

const char* status_name(std::int32_t code) noexcept {
  switch (code) {
    case QRT_OK: return "QRT_OK";
    case QRT_ERROR_INVALID_ARGUMENT: return "QRT_ERROR_INVALID_ARGUMENT";
    case QRT_ERROR_UNSUPPORTED: return "QRT_ERROR_UNSUPPORTED";
    case QRT_ERROR_OUT_OF_RANGE: return "QRT_ERROR_OUT_OF_RANGE";
    case QRT_ERROR_OUT_OF_MEMORY: return "QRT_ERROR_OUT_OF_MEMORY";
    case QRT_ERROR_FAILED_PRECONDITION: return "QRT_ERROR_FAILED_PRECONDITION";
    case QRT_ERROR_INTERNAL: return "QRT_ERROR_INTERNAL";
    default: return "unknown status";
  }
}

std::string CallStatus::describe() const {
  if (ok()) return "success";
  std::string text = std::string(status_name(code)) + " (" + std::to_string(code) + "): " + message;
  if (!malformed.empty()) text += " [malformed error value: " + malformed + "]";
  return text;
}

CallFailed::CallFailed(std::string operation, CallStatus status)
    : std::runtime_error(operation + " failed: " + status.describe()),
      operation_(std::move(operation)),
      status_(std::move(status)) {}

CallStatus take_error(qrt_error* error) {
  CallStatus status;
  if (!error) return status;
  if (error->struct_size < offsetof(qrt_error, destroy) + sizeof(error->destroy)) {
    // Too small to hold the fields: reading them would be reading past what the plugin wrote.
    status.code = QRT_ERROR_INTERNAL;
    status.malformed = "struct_size " + std::to_string(error->struct_size) + " is smaller than the v1.0 qrt_error (" +
                       std::to_string(sizeof(qrt_error)) + " bytes); not destroyed";
    return status;
  }
  status.code = error->code;
  status.message = error->message ? error->message : "";
  if (!error->message) status.malformed = "message is NULL";
  if (error->code < QRT_ERROR_INVALID_ARGUMENT || error->code > QRT_ERROR_INTERNAL) {
    status.malformed = error->code == QRT_OK ? "an error value with status QRT_OK"
                                             : "unknown status code " + std::to_string(error->code);
    status.code = QRT_ERROR_INTERNAL;  // the ABI's rule for unknown codes
  }
  if (error->destroy) error->destroy(error);
  else status.malformed = "destroy is NULL (the error leaks)";
  return status;
}

namespace {

CallStatus absent_status(const char* operation) {
  CallStatus s;
  s.code = QRT_ERROR_UNSUPPORTED;
  s.message = std::string(operation) + " is not in the device's function table";
  s.absent = true;
  return s;
}

}  // namespace

// Calls an optional member of the function table, or reports it absent.
#define QRT_CONFORMANCE_CALL(member, ...)                                                                            \
  (QRT_HAS_FUNCTION(&functions_, qrt_device_functions, member) ? take_error(functions_.member(handle_, __VA_ARGS__)) \
                                                               : absent_status(#member))

NativeInstance::NativeInstance(const qrt_device_functions& functions, const std::string& canonical_kwargs)
    : functions_(functions) {
  qrt_device* device = nullptr;
  CallStatus status = take_error(functions_.create(canonical_kwargs.c_str(), &device));
  if (!status.ok()) throw CallFailed("create", status);
  if (!device) {
    status.code = QRT_ERROR_INTERNAL;
    status.message = "create returned success but wrote no instance";
    throw CallFailed("create", status);
  }
  handle_ = device;
}

NativeInstance::~NativeInstance() { functions_.destroy(handle_); }

CallStatus NativeInstance::try_reset() { return take_error(functions_.reset(handle_)); }

CallStatus NativeInstance::try_allocate(std::size_t count, std::vector<qrt_wire>& out) {
  std::vector<qrt_wire> wires(count);
  CallStatus s = take_error(functions_.allocate_qubits(handle_, count, wires.data()));
  if (s.ok()) out = std::move(wires);
  return s;
}

CallStatus NativeInstance::try_release(std::span<const qrt_wire> wires) {
  return take_error(functions_.release_qubits(handle_, wires.data(), wires.size()));
}

CallStatus NativeInstance::try_num_qubits(std::size_t& out) { return take_error(functions_.num_qubits(handle_, &out)); }

CallStatus NativeInstance::try_apply_gate(const qrt_gate_call& call) { return QRT_CONFORMANCE_CALL(apply_gate, &call); }

CallStatus NativeInstance::try_measure(qrt_wire wire, std::int32_t postselect, std::int32_t& out) {
  return QRT_CONFORMANCE_CALL(measure, wire, postselect, &out);
}

CallStatus NativeInstance::try_reset_wire(qrt_wire wire) { return QRT_CONFORMANCE_CALL(reset_wire, wire); }

namespace {

// The C view of a one-factor observable.
struct ObservableView {
  qrt_observable_factor factor;
  qrt_observable_term term;
  qrt_observable c;
  explicit ObservableView(const SimpleObservable& o)
      : factor{static_cast<std::uint32_t>(o.kind), o.wires.data(), o.wires.size(),
               o.kind == QRT_OBSERVABLE_HERMITIAN ? reinterpret_cast<const double*>(o.matrix.data()) : nullptr},
        term{1.0, &factor, 1},
        c{sizeof(qrt_observable), &term, 1} {}
};

}  // namespace

CallStatus NativeInstance::try_expval(const SimpleObservable& observable, double& out) {
  ObservableView view(observable);
  return QRT_CONFORMANCE_CALL(expval, &view.c, &out);
}

CallStatus NativeInstance::try_var(const SimpleObservable& observable, double& out) {
  ObservableView view(observable);
  return QRT_CONFORMANCE_CALL(var, &view.c, &out);
}

CallStatus NativeInstance::try_probs(std::span<const qrt_wire> wires, std::vector<double>& out) {
  std::size_t k = wires.size();
  if (k == 0) {
    CallStatus s = try_num_qubits(k);
    if (!s.ok()) return s;
  }
  if (k >= 24) {  // the checks never ask for more; refuse instead of allocating 2^k doubles
    CallStatus s;
    s.code = QRT_ERROR_OUT_OF_RANGE;
    s.message = "the conformance kit reads probabilities of at most 23 wires";
    return s;
  }
  std::vector<double> buffer(std::size_t{1} << k, std::numeric_limits<double>::quiet_NaN());
  CallStatus s = QRT_CONFORMANCE_CALL(probs, wires.data(), wires.size(), buffer.data(), buffer.size());
  if (s.ok()) out = std::move(buffer);
  return s;
}

CallStatus NativeInstance::try_sample(std::span<const qrt_wire> wires, std::size_t rows,
                                      std::vector<std::uint8_t>& out) {
  std::size_t columns = wires.size();
  if (columns == 0) {
    CallStatus s = try_num_qubits(columns);
    if (!s.ok()) return s;
  }
  std::vector<std::uint8_t> buffer(rows * columns, 0xAB);  // a value no valid sample holds
  CallStatus s = QRT_CONFORMANCE_CALL(sample, wires.data(), wires.size(), buffer.data(), buffer.size());
  if (s.ok()) out = std::move(buffer);
  return s;
}

CallStatus NativeInstance::try_counts(std::span<const qrt_wire> wires,
                                      std::vector<std::pair<std::uint64_t, std::uint64_t>>& out) {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> pairs;
  auto sink = [](void* context, std::uint64_t outcome, std::uint64_t count) {
    static_cast<std::vector<std::pair<std::uint64_t, std::uint64_t>>*>(context)->emplace_back(outcome, count);
  };
  CallStatus s = QRT_CONFORMANCE_CALL(counts, wires.data(), wires.size(), sink, &pairs);
  if (s.ok()) out = std::move(pairs);
  return s;
}

CallStatus NativeInstance::try_state(std::vector<Complex>& out) {
  std::size_t size = 0;
  CallStatus s = QRT_CONFORMANCE_CALL(state_size, &size);
  if (!s.ok()) return s;
  if (size > (std::size_t{1} << 24)) {
    s.code = QRT_ERROR_OUT_OF_RANGE;
    s.message = "state_size " + std::to_string(size) + " is more than the conformance kit reads";
    return s;
  }
  std::vector<Complex> buffer(size, Complex(std::numeric_limits<double>::quiet_NaN(), 0.0));
  s = QRT_CONFORMANCE_CALL(state, reinterpret_cast<double*>(buffer.data()), buffer.size());
  if (s.ok()) out = std::move(buffer);
  return s;
}

CallStatus NativeInstance::try_set_shots(std::uint64_t shots) { return QRT_CONFORMANCE_CALL(set_shots, shots); }
CallStatus NativeInstance::try_get_shots(std::uint64_t& out) { return QRT_CONFORMANCE_CALL(get_shots, &out); }
CallStatus NativeInstance::try_set_seed(std::uint64_t seed) { return QRT_CONFORMANCE_CALL(set_seed, seed); }

#undef QRT_CONFORMANCE_CALL

namespace {

void expect_ok(const char* operation, CallStatus status) {
  if (!status.ok()) throw CallFailed(operation, std::move(status));
}

}  // namespace

void NativeInstance::reset() { expect_ok("reset", try_reset()); }

std::vector<qrt_wire> NativeInstance::allocate(std::size_t count) {
  std::vector<qrt_wire> wires;
  expect_ok("allocate_qubits", try_allocate(count, wires));
  return wires;
}

void NativeInstance::release(std::span<const qrt_wire> wires) { expect_ok("release_qubits", try_release(wires)); }

void NativeInstance::release_disentangled(std::span<const qrt_wire> wires) {
  for (const qrt_wire wire : wires) {
    const CallStatus status = try_reset_wire(wire);
    if (status.absent || status.code == QRT_ERROR_UNSUPPORTED) measure(wire);
    else expect_ok("reset_wire", status);
  }
  release(wires);
}

std::size_t NativeInstance::num_qubits() {
  std::size_t n = 0;
  expect_ok("num_qubits", try_num_qubits(n));
  return n;
}

void NativeInstance::apply_gate(std::uint32_t gate_id, std::span<const double> params, std::span<const qrt_wire> wires,
                                std::span<const qrt_wire> controls, std::span<const std::uint8_t> control_values,
                                bool adjoint) {
  expect_ok("apply_gate", try_apply_gate(gate_call(gate_id, params, wires, controls, control_values, adjoint)));
}

std::int32_t NativeInstance::measure(qrt_wire wire, std::int32_t postselect) {
  std::int32_t result = -1;
  expect_ok("measure", try_measure(wire, postselect, result));
  return result;
}

void NativeInstance::reset_wire(qrt_wire wire) { expect_ok("reset_wire", try_reset_wire(wire)); }

double NativeInstance::expval(const SimpleObservable& observable) {
  double value = std::numeric_limits<double>::quiet_NaN();
  expect_ok("expval", try_expval(observable, value));
  return value;
}

double NativeInstance::var(const SimpleObservable& observable) {
  double value = std::numeric_limits<double>::quiet_NaN();
  expect_ok("var", try_var(observable, value));
  return value;
}

std::vector<double> NativeInstance::probs(std::span<const qrt_wire> wires) {
  std::vector<double> out;
  expect_ok("probs", try_probs(wires, out));
  return out;
}

std::vector<std::uint8_t> NativeInstance::sample(std::span<const qrt_wire> wires, std::size_t rows) {
  std::vector<std::uint8_t> out;
  expect_ok("sample", try_sample(wires, rows, out));
  return out;
}

std::vector<std::pair<std::uint64_t, std::uint64_t>> NativeInstance::counts(std::span<const qrt_wire> wires) {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
  expect_ok("counts", try_counts(wires, out));
  return out;
}

std::vector<Complex> NativeInstance::state() {
  std::vector<Complex> out;
  expect_ok("state", try_state(out));
  return out;
}

void NativeInstance::set_shots(std::uint64_t shots) { expect_ok("set_shots", try_set_shots(shots)); }

std::uint64_t NativeInstance::shots() {
  std::uint64_t shots = 0;
  expect_ok("get_shots", try_get_shots(shots));
  return shots;
}

void NativeInstance::set_seed(std::uint64_t seed) { expect_ok("set_seed", try_set_seed(seed)); }

}  // namespace qrt::conformance
