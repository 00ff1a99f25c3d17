// qrt::Device: checks what every backend shares, then forwards each call to the instance's backend, and
// checks what comes back (result_checks.hpp) before anyone uses it.
#include <qrt/device.hpp>
#include <qrt/gate_call.hpp>

#include "device/backend.hpp"
#include "device/instance.hpp"
#include "device/limits.hpp"
#include "device/result_checks.hpp"

namespace qrt {

Device::Device(std::shared_ptr<device::Owner> owner, device::Instance* instance) noexcept
    : owner_(std::move(owner)), instance_(instance) {}

Device::Device(Device&& other) noexcept : owner_(std::move(other.owner_)), instance_(other.instance_) {
  other.instance_ = nullptr;
}

Device& Device::operator=(Device&& other) noexcept {
  if (this != &other) {
    release();
    owner_ = std::move(other.owner_);
    instance_ = other.instance_;
    other.instance_ = nullptr;
  }
  return *this;
}

Device::~Device() { release(); }

void Device::release() noexcept {
  if (instance_) {
    owner_->give_back(instance_);
    instance_ = nullptr;
    owner_.reset();
  }
}

device::Instance& Device::live(const char* operation) const {
  if (!instance_) [[unlikely]]
    throw Error(ErrorCode::State, std::string(operation) + ": the device has been released");
  return *instance_;
}

const DeviceType& Device::type() const { return live("type").type; }
const std::string& Device::name() const { return live("name").type.name(); }
const std::string& Device::canonical_kwargs() const { return live("canonical_kwargs").kwargs; }

ResolvedDevice Device::resolved() const {
  const device::Instance& in = live("resolved");
  if (!in.key)
    throw Error(ErrorCode::State, in.type.name() + ": resolved: this instance was not opened from a runtime");
  return ResolvedDevice(in.key);
}

qrt_device* Device::native_handle() const noexcept { return instance_ ? instance_->backend->native_handle() : nullptr; }

const qrt_device_functions& Device::functions() const {
  const device::Instance& in = live("functions");
  const qrt_device_functions* f = in.backend->functions();
  if (!f)
    throw Error(ErrorCode::Unsupported,
                in.type.name() + ": the device's function table is not in this process (it runs isolated)");
  return *f;
}

const void* Device::extension(const char* id) const { return live("extension").backend->extension(id); }

void Device::synchronize() { live("synchronize").backend->synchronize(); }

std::optional<std::uint32_t> Device::gate_id(std::string_view gate_name) const {
  return live("gate_id").type.gate_id(gate_name);
}

namespace {

void check_control_values(std::span<const Wire> controls, std::span<const std::uint8_t> values) {
  if (!values.empty() && values.size() != controls.size())
    throw Error(ErrorCode::InvalidArgument, "control_values must be empty or match the number of controls (" +
                                                std::to_string(values.size()) + " given for " +
                                                std::to_string(controls.size()) + " controls)");
}

}  // namespace

std::vector<Wire> Device::allocate(std::size_t count) {
  device::Instance& in = live("allocate");
  // The device refuses too many qubits itself; checked here first so that the wire buffer is never huge.
  const std::uint64_t most = in.type.capabilities().max_qubits;
  if (most != 0 && count > most)
    throw Error(ErrorCode::OutOfRange, in.type.name() + ": allocate: " + std::to_string(count) +
                                           " qubits requested; the device allows at most " + std::to_string(most));
  return in.backend->allocate(count);
}

void Device::release_qubits(std::span<const Wire> wires) { live("release_qubits").backend->release_qubits(wires); }

std::size_t Device::num_qubits() { return live("num_qubits").backend->num_qubits(); }

void Device::apply(std::uint32_t gate_id, std::span<const double> params, std::span<const Wire> wires,
                   std::span<const Wire> controls, std::span<const std::uint8_t> control_values, bool adjoint) {
  device::Instance& in = live("apply");
  check_control_values(controls, control_values);
  in.backend->apply_gate(gate_call(gate_id, params, wires, controls, control_values, adjoint));
}

void Device::apply(std::string_view gate_name, std::span<const double> params, std::span<const Wire> wires,
                   std::span<const Wire> controls, std::span<const std::uint8_t> control_values, bool adjoint) {
  auto id = gate_id(gate_name);
  if (!id) throw Error(ErrorCode::Unsupported, name() + ": gate '" + std::string(gate_name) + "' is not supported");
  apply(*id, params, wires, controls, control_values, adjoint);
}

void Device::apply_matrix(std::span<const std::complex<double>> matrix, std::span<const Wire> wires,
                          std::span<const Wire> controls, std::span<const std::uint8_t> control_values, bool adjoint) {
  device::Instance& in = live("apply_matrix");
  check_control_values(controls, control_values);
  std::size_t dim = device::matrix_dim(wires.size(), in.type.name() + ": apply_matrix: a matrix");
  if (wires.empty() || matrix.size() != dim * dim)
    throw Error(ErrorCode::InvalidArgument, in.type.name() + ": a matrix on " + std::to_string(wires.size()) +
                                                " wires needs " + std::to_string(dim * dim) + " entries, got " +
                                                std::to_string(matrix.size()));
  const qrt_matrix_call call{sizeof(qrt_matrix_call),
                             adjoint ? 1u : 0u,
                             reinterpret_cast<const double*>(matrix.data()),
                             wires.data(),
                             wires.size(),
                             controls.data(),
                             control_values.empty() ? nullptr : control_values.data(),
                             controls.size()};
  in.backend->apply_matrix(call);
}

int Device::measure(Wire wire, std::optional<int> postselect) {
  if (postselect && *postselect != 0 && *postselect != 1)
    throw Error(ErrorCode::InvalidArgument, "postselect must be 0 or 1");
  return live("measure").backend->measure(wire, postselect ? *postselect : -1);
}

void Device::reset_wire(Wire wire) { live("reset_wire").backend->reset_wire(wire); }
double Device::expval(const Observable& observable) {
  device::Instance& in = live("expval");
  const double value = in.backend->expval(observable);
  device::check_value(value, in.type, "expval");
  return value;
}

double Device::var(const Observable& observable) {
  device::Instance& in = live("var");
  const double value = in.backend->var(observable);
  device::check_value(value, in.type, "var");
  return value;
}

std::vector<double> Device::probs(std::span<const Wire> wires) {
  device::Instance& in = live("probs");
  std::vector<double> out = in.backend->probs(wires);
  device::check_probabilities(out, in.type, "probs");
  return out;
}

std::vector<std::uint8_t> Device::sample(std::span<const Wire> wires) { return live("sample").backend->sample(wires); }

std::map<std::uint64_t, std::uint64_t> Device::counts(std::span<const Wire> wires) {
  return live("counts").backend->counts(wires);
}

std::vector<std::complex<double>> Device::state() {
  device::Instance& in = live("state");
  std::vector<std::complex<double>> out = in.backend->state();
  device::check_state(out, in.type, "state");
  return out;
}

std::size_t Device::state_size() { return live("state_size").backend->state_size(); }

void Device::state_into(std::span<std::complex<double>> out) {
  device::Instance& in = live("state");
  in.backend->state_into(out);
  device::check_state(out, in.type, "state");
}

void Device::set_shots(std::uint64_t shots) { live("set_shots").backend->set_shots(shots); }
std::uint64_t Device::shots() { return live("shots").backend->shots(); }
void Device::set_seed(std::uint64_t seed) { live("set_seed").backend->set_seed(seed); }
std::uint64_t Device::memory_bytes() { return live("memory_bytes").backend->memory_bytes(); }
void Device::reset() { live("reset").backend->reset(); }

}  // namespace qrt
