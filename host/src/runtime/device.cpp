#include <qrt/device.hpp>

#include "isolation/worker.hpp"
#include "loader/plugin_error.hpp"
#include "pool/device_pool.hpp"
#include "runtime/result_checks.hpp"

#include <qrt/sdk/memory_budget.hpp>

#include <algorithm>
#include <limits>

namespace qrt {

Device::Device(std::shared_ptr<DevicePool> pool, PooledInstance* instance) noexcept
    : pool_(std::move(pool)), instance_(instance) {}

Device::Device(Device&& other) noexcept : pool_(std::move(other.pool_)), instance_(other.instance_) {
  other.instance_ = nullptr;
}

Device& Device::operator=(Device&& other) noexcept {
  if (this != &other) {
    release();
    pool_ = std::move(other.pool_);
    instance_ = other.instance_;
    other.instance_ = nullptr;
  }
  return *this;
}

Device::~Device() { release(); }

void Device::release() noexcept {
  if (instance_) {
    pool_->release(instance_);
    instance_ = nullptr;
    pool_.reset();
  }
}

PooledInstance& Device::live(const char* operation) const {
  if (!instance_) [[unlikely]]
    throw Error(ErrorCode::State, std::string(operation) + ": the device has been released");
  return *instance_;
}

const DeviceType& Device::type() const { return *live("type").type; }
const std::string& Device::name() const { return live("name").type->name(); }
const std::string& Device::canonical_kwargs() const { return live("canonical_kwargs").kwargs; }
ResolvedDevice Device::resolved() const { return ResolvedDevice(live("resolved").key); }
qrt_device* Device::native_handle() const noexcept { return instance_ ? instance_->handle : nullptr; }
isolation::Worker* Device::isolated_worker() const noexcept { return instance_ ? instance_->worker.get() : nullptr; }
const qrt_device_functions& Device::functions() const { return *live("functions").functions; }
const void* Device::extension(const char* id) const {
  const PooledInstance& in = live("extension");
  return in.handle ? in.type->extension(id) : nullptr;
}

std::optional<std::uint32_t> Device::gate_id(std::string_view gate_name) const {
  return live("gate_id").type->gate_id(gate_name);
}

namespace {

// Non-null when the instance lives in a worker process: the per-operation calls go there, in batches.
isolation::RemoteDevice* remote(PooledInstance& in) noexcept { return in.worker ? &in.worker->remote() : nullptr; }

// An instance without a handle is isolated, and isolated calls never reach invoke(); a guard all the same.
[[noreturn]] void throw_no_handle(const PooledInstance& in, const char* operation) {
  throw Error(ErrorCode::Internal, in.type->name() + ": " + operation + ": the instance has no device handle");
}

// Calls an optional function of the table, reporting "unsupported" when the plugin lacks it.
template <class Fn, class... Args>
void invoke(PooledInstance& in, Fn qrt_device_functions::*member, std::size_t offset, const char* operation,
          Args&&... args) {
  if (!in.handle) [[unlikely]]
    throw_no_handle(in, operation);
  const qrt_device_functions* f = in.functions;
  Fn fn = f->*member;
  if (f->struct_size < offset + sizeof(Fn) || fn == nullptr) [[unlikely]]
    throw Error(ErrorCode::Unsupported, in.type->name() + ": " + operation + " is not implemented by the device");
  loader::call_plugin(in.type->name(), in.type->library_path(), operation,
                      [&] { return fn(in.handle, std::forward<Args>(args)...); });
}

#define QRT_CALL(instance, member, ...) \
  invoke(instance, &qrt_device_functions::member, offsetof(qrt_device_functions, member), #member, __VA_ARGS__)

void check_control_values(std::span<const Wire> controls, std::span<const std::uint8_t> values) {
  if (!values.empty() && values.size() != controls.size())
    throw Error(ErrorCode::InvalidArgument, "control_values must be empty or match the number of controls (" +
                                                std::to_string(values.size()) + " given for " +
                                                std::to_string(controls.size()) + " controls)");
}

std::size_t pow2(std::size_t k, const char* what) {
  if (k >= 48) throw Error(ErrorCode::OutOfRange, std::string(what) + " over " + std::to_string(k) + " wires is too large");
  return std::size_t{1} << k;
}

// Matrices cross the ABI on at most 16 wires (65536 x 65536 entries); beyond that dim * dim overflows.
constexpr std::size_t kMaxMatrixWires = 16;

std::size_t matrix_dim(std::size_t k, const std::string& what) {
  if (k > kMaxMatrixWires)
    throw Error(ErrorCode::OutOfRange, what + " on " + std::to_string(k) +
                                           " wires is too large: matrices act on at most " +
                                           std::to_string(kMaxMatrixWires) + " wires");
  return std::size_t{1} << k;
}

// Refuses, before allocating, a host-side buffer larger than the memory this process can still have.
void require_memory(std::uint64_t bytes, const std::string& what) {
  if (bytes < (std::uint64_t{64} << 20)) return;  // small: not worth reading the limits
  if (auto why = sdk::memory_shortfall(bytes, what)) throw Error(ErrorCode::OutOfMemory, *why);
}

}  // namespace

std::vector<Wire> Device::allocate(std::size_t count) {
  PooledInstance& in = live("allocate");
  // The device refuses too many qubits itself; checked here first so that the wire buffer is never huge.
  const std::uint64_t most = in.type->capabilities().max_qubits;
  if (most != 0 && count > most)
    throw Error(ErrorCode::OutOfRange, in.type->name() + ": allocate: " + std::to_string(count) +
                                           " qubits requested; the device allows at most " + std::to_string(most));
  if (auto* r = remote(in)) return r->allocate(count);
  std::vector<Wire> wires(count);
  QRT_CALL(in, allocate_qubits, count, wires.data());
  return wires;
}

void Device::release_qubits(std::span<const Wire> wires) {
  PooledInstance& in = live("release_qubits");
  if (auto* r = remote(in)) return r->release_qubits(wires);
  QRT_CALL(in, release_qubits, wires.data(), wires.size());
}

std::size_t Device::num_qubits() {
  PooledInstance& in = live("num_qubits");
  if (auto* r = remote(in)) return r->num_qubits();
  std::size_t n = 0;
  QRT_CALL(in, num_qubits, &n);
  return n;
}

void Device::apply(std::uint32_t gate_id, std::span<const double> params, std::span<const Wire> wires,
                   std::span<const Wire> controls, std::span<const std::uint8_t> control_values, bool adjoint) {
  PooledInstance& in = live("apply");
  check_control_values(controls, control_values);
  if (auto* r = remote(in)) return r->apply(gate_id, params, wires, controls, control_values, adjoint);
  const qrt_gate_call gate{sizeof(qrt_gate_call),
                           gate_id,
                           adjoint ? 1u : 0u,
                           params.data(),
                           params.size(),
                           wires.data(),
                           wires.size(),
                           controls.data(),
                           control_values.empty() ? nullptr : control_values.data(),
                           controls.size()};
  QRT_CALL(in, apply_gate, &gate);
}

void Device::apply(std::string_view gate_name, std::span<const double> params, std::span<const Wire> wires,
                   std::span<const Wire> controls, std::span<const std::uint8_t> control_values, bool adjoint) {
  auto id = gate_id(gate_name);
  if (!id) throw Error(ErrorCode::Unsupported, name() + ": gate '" + std::string(gate_name) + "' is not supported");
  apply(*id, params, wires, controls, control_values, adjoint);
}

void Device::apply_matrix(std::span<const std::complex<double>> matrix, std::span<const Wire> wires,
                          std::span<const Wire> controls, std::span<const std::uint8_t> control_values, bool adjoint) {
  PooledInstance& in = live("apply_matrix");
  check_control_values(controls, control_values);
  std::size_t dim = matrix_dim(wires.size(), in.type->name() + ": apply_matrix: a matrix");
  if (wires.empty() || matrix.size() != dim * dim)
    throw Error(ErrorCode::InvalidArgument, in.type->name() + ": a matrix on " + std::to_string(wires.size()) +
                                                " wires needs " + std::to_string(dim * dim) + " entries, got " +
                                                std::to_string(matrix.size()));
  if (auto* r = remote(in)) return r->apply_matrix(matrix, wires, controls, control_values, adjoint);
  const qrt_matrix_call call{sizeof(qrt_matrix_call),
                             adjoint ? 1u : 0u,
                             reinterpret_cast<const double*>(matrix.data()),
                             wires.data(),
                             wires.size(),
                             controls.data(),
                             control_values.empty() ? nullptr : control_values.data(),
                             controls.size()};
  QRT_CALL(in, apply_matrix, &call);
}

int Device::measure(Wire wire, std::optional<int> postselect) {
  if (postselect && *postselect != 0 && *postselect != 1)
    throw Error(ErrorCode::InvalidArgument, "postselect must be 0 or 1");
  PooledInstance& in = live("measure");
  if (auto* r = remote(in)) return r->measure(wire, postselect);
  std::int32_t result = 0;
  QRT_CALL(in, measure, wire, postselect ? *postselect : -1, &result);
  return result;
}

namespace {

// "template.qubit cannot reset a qubit: it does not offer "reset" (its measurements: probs, measure)":
// what a device without reset_wire says, in place of the plugin's bare "reset_wire: reset_wire".
std::string cannot_reset(const DeviceType& type) {
  std::string offered;
  for (const auto& m : type.capabilities().measurements) offered += (offered.empty() ? "" : ", ") + m;
  return type.name() + " cannot reset a qubit: it does not offer \"reset\" (its measurements: " +
         (offered.empty() ? std::string("none") : offered) + ")";
}

}  // namespace

void Device::reset_wire(Wire wire) {
  PooledInstance& in = live("reset_wire");
  if (auto* r = remote(in)) return r->reset_wire(wire);
  try {
    QRT_CALL(in, reset_wire, wire);
  } catch (const Error& e) {
    const auto& offered = in.type->capabilities().measurements;
    if (e.code() == ErrorCode::Unsupported && std::find(offered.begin(), offered.end(), "reset") == offered.end())
      throw Error(ErrorCode::Unsupported, cannot_reset(*in.type));
    throw;
  }
}

namespace {

// The C view of an Observable; the vectors own the arrays the view points into.
struct ObservableView {
  std::vector<std::vector<qrt_observable_factor>> factors;
  std::vector<qrt_observable_term> terms;
  qrt_observable c{};

  explicit ObservableView(const Observable& o) {
    factors.reserve(o.terms.size());
    for (const auto& term : o.terms) {
      auto& list = factors.emplace_back();
      for (const auto& f : term.factors) {
        if (f.kind == ObservableKind::Hermitian) {
          std::size_t dim = matrix_dim(f.wires.size(), "a Hermitian observable");
          if (f.wires.empty() || f.matrix.size() != dim * dim)
            throw Error(ErrorCode::InvalidArgument, "Hermitian observable on " + std::to_string(f.wires.size()) +
                                                        " wires needs a " + std::to_string(dim) + "x" +
                                                        std::to_string(dim) + " matrix");
        } else if (f.wires.size() != 1) {
          throw Error(ErrorCode::InvalidArgument, "named observables act on exactly one wire");
        }
        list.push_back({static_cast<std::uint32_t>(f.kind), f.wires.data(), f.wires.size(),
                        f.kind == ObservableKind::Hermitian ? reinterpret_cast<const double*>(f.matrix.data()) : nullptr});
      }
      terms.push_back({term.coefficient, list.data(), list.size()});
    }
    c = {sizeof(qrt_observable), terms.data(), terms.size()};
  }
};

}  // namespace

double Device::expval(const Observable& observable) {
  PooledInstance& in = live("expval");
  if (auto* r = remote(in)) return r->expval(observable);
  ObservableView view(observable);
  double value = 0;
  QRT_CALL(in, expval, &view.c, &value);
  runtime::check_value(value, *in.type, "expval");
  return value;
}

double Device::var(const Observable& observable) {
  PooledInstance& in = live("var");
  if (auto* r = remote(in)) return r->var(observable);
  ObservableView view(observable);
  double value = 0;
  QRT_CALL(in, var, &view.c, &value);
  runtime::check_value(value, *in.type, "var");
  return value;
}

std::vector<double> Device::probs(std::span<const Wire> wires) {
  PooledInstance& in = live("probs");
  if (auto* r = remote(in)) return r->probs(wires);
  std::size_t k = wires.empty() ? num_qubits() : wires.size();
  const std::size_t size = pow2(k, "probs");
  require_memory(std::uint64_t{sizeof(double)} * size,
                 in.type->name() + ": probs: " + std::to_string(size) + " probabilities over " + std::to_string(k) +
                     " wires");
  std::vector<double> out(size);
  QRT_CALL(in, probs, wires.data(), wires.size(), out.data(), out.size());
  runtime::check_probabilities(out, *in.type, "probs");
  return out;
}

std::vector<std::uint8_t> Device::sample(std::span<const Wire> wires) {
  PooledInstance& in = live("sample");
  if (auto* r = remote(in)) return r->sample(wires);
  std::size_t columns = wires.empty() ? num_qubits() : wires.size();
  std::uint64_t n = shots();
  if (n == 0) throw Error(ErrorCode::FailedPrecondition, in.type->name() + ": sample needs shots > 0");
  if (columns != 0 && n > (std::numeric_limits<std::size_t>::max() / 4) / columns)
    throw Error(ErrorCode::OutOfRange, in.type->name() + ": " + std::to_string(n) + " shots x " +
                                           std::to_string(columns) + " wires is too large");
  require_memory(n * columns, in.type->name() + ": sample: " + std::to_string(n) + " shots x " +
                                  std::to_string(columns) + " wires (one byte each)");
  std::vector<std::uint8_t> out(n * columns);
  QRT_CALL(in, sample, wires.data(), wires.size(), out.data(), out.size());
  return out;
}

std::map<std::uint64_t, std::uint64_t> Device::counts(std::span<const Wire> wires) {
  PooledInstance& in = live("counts");
  if (auto* r = remote(in)) return r->counts(wires);
  std::size_t columns = wires.empty() ? num_qubits() : wires.size();
  if (!in.handle) throw_no_handle(in, "counts");
  if (columns > 64) throw Error(ErrorCode::OutOfRange, "counts over more than 64 wires");
  std::map<std::uint64_t, std::uint64_t> result;
  const qrt_device_functions* f = in.functions;
  if (QRT_HAS_FUNCTION(f, qrt_device_functions, counts)) {
    auto sink = [](void* context, std::uint64_t outcome, std::uint64_t count) {
      (*static_cast<std::map<std::uint64_t, std::uint64_t>*>(context))[outcome] += count;
    };
    loader::call_plugin(in.type->name(), in.type->library_path(), "counts",
                        [&] { return f->counts(in.handle, wires.data(), wires.size(), sink, &result); });
    return result;
  }
  std::vector<std::uint8_t> samples = sample(wires);
  for (std::size_t row = 0; row + columns <= samples.size() && columns > 0; row += columns) {
    std::uint64_t outcome = 0;
    for (std::size_t c = 0; c < columns; ++c) outcome = (outcome << 1) | (samples[row + c] & 1u);
    ++result[outcome];
  }
  if (columns == 0) result[0] = shots();
  return result;
}

std::vector<std::complex<double>> Device::state() {
  PooledInstance& in = live("state");
  if (auto* r = remote(in)) return r->state();
  std::size_t size = 0;
  QRT_CALL(in, state_size, &size);
  if (size > (std::size_t{1} << 40)) throw Error(ErrorCode::OutOfRange, in.type->name() + ": state too large to copy");
  require_memory(std::uint64_t{16} * size,
                 in.type->name() + ": state: a copy of " + std::to_string(size) + " amplitudes");
  std::vector<std::complex<double>> out(size);
  QRT_CALL(in, state, reinterpret_cast<double*>(out.data()), out.size());
  runtime::check_state(out, *in.type, "state");
  return out;
}

std::size_t Device::state_size() {
  PooledInstance& in = live("state_size");
  if (auto* r = remote(in)) return r->state().size();
  std::size_t size = 0;
  QRT_CALL(in, state_size, &size);
  return size;
}

void Device::state_into(std::span<std::complex<double>> out) {
  PooledInstance& in = live("state");
  if (auto* r = remote(in)) {
    std::vector<std::complex<double>> copy = r->state();
    if (copy.size() != out.size())
      throw Error(ErrorCode::InvalidArgument, in.type->name() + ": state: the buffer holds " + std::to_string(out.size()) +
                                                  " amplitudes, the state " + std::to_string(copy.size()));
    std::copy(copy.begin(), copy.end(), out.begin());
    return;
  }
  std::size_t size = 0;
  QRT_CALL(in, state_size, &size);
  if (size != out.size())
    throw Error(ErrorCode::InvalidArgument, in.type->name() + ": state: the buffer holds " + std::to_string(out.size()) +
                                                " amplitudes, the state " + std::to_string(size));
  QRT_CALL(in, state, reinterpret_cast<double*>(out.data()), out.size());
  runtime::check_state(out, *in.type, "state");
}

void Device::set_shots(std::uint64_t shots) {
  PooledInstance& in = live("set_shots");
  if (auto* r = remote(in)) return r->set_shots(shots);
  QRT_CALL(in, set_shots, shots);
}

std::uint64_t Device::shots() {
  if (isolation::Worker* worker = isolated_worker()) return worker->shots();
  std::uint64_t shots = 0;
  QRT_CALL(live("shots"), get_shots, &shots);
  return shots;
}

void Device::set_seed(std::uint64_t seed) {
  PooledInstance& in = live("set_seed");
  if (auto* r = remote(in)) return r->set_seed(seed);
  QRT_CALL(in, set_seed, seed);
}

std::uint64_t Device::memory_bytes() {
  if (isolation::Worker* worker = isolated_worker()) return worker->remote().memory_bytes();
  std::uint64_t bytes = 0;
  QRT_CALL(live("memory_bytes"), memory_bytes, &bytes);
  return bytes;
}

}  // namespace qrt
