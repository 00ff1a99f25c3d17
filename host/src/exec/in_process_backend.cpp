#include "exec/in_process_backend.hpp"

#include "device/compiled_run.hpp"
#include "device/limits.hpp"
#include "exec/program_execution.hpp"
#include "loader/plugin_error.hpp"

#include <qrt/extensions/synchronize.h>

#include <qrt/sdk/memory_budget.hpp>

#include <algorithm>
#include <cstddef>
#include <limits>
#include <new>

namespace qrt::exec {
namespace {

std::size_t pow2(std::size_t k, const char* what) {
  if (k >= 48)
    throw Error(ErrorCode::OutOfRange, std::string(what) + " over " + std::to_string(k) + " wires is too large");
  return std::size_t{1} << k;
}

// Refuses, before allocating, a host-side buffer larger than the memory this process can still have.
void require_memory(std::uint64_t bytes, const std::string& what) {
  if (bytes < (std::uint64_t{64} << 20)) return;  // small: not worth reading the limits
  if (auto why = sdk::memory_shortfall(bytes, what)) throw Error(ErrorCode::OutOfMemory, *why);
}

// "template.qubit cannot reset a qubit: it does not offer "reset" (its measurements: probs, measure)":
// what a device without reset_wire says, in place of the plugin's bare "reset_wire: reset_wire".
std::string cannot_reset(const DeviceType& type) {
  std::string offered;
  for (const auto& m : type.capabilities().measurements) offered += (offered.empty() ? "" : ", ") + m;
  return type.name() + " cannot reset a qubit: it does not offer \"reset\" (its measurements: " +
         (offered.empty() ? std::string("none") : offered) + ")";
}

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
          std::size_t dim = device::matrix_dim(f.wires.size(), "a Hermitian observable");
          if (f.wires.empty() || f.matrix.size() != dim * dim)
            throw Error(ErrorCode::InvalidArgument, "Hermitian observable on " + std::to_string(f.wires.size()) +
                                                        " wires needs a " + std::to_string(dim) + "x" +
                                                        std::to_string(dim) + " matrix");
        } else if (f.wires.size() != 1) {
          throw Error(ErrorCode::InvalidArgument, "named observables act on exactly one wire");
        }
        list.push_back(
            {static_cast<std::uint32_t>(f.kind), f.wires.data(), f.wires.size(),
             f.kind == ObservableKind::Hermitian ? reinterpret_cast<const double*>(f.matrix.data()) : nullptr});
      }
      terms.push_back({term.coefficient, list.data(), list.size()});
    }
    c = {sizeof(qrt_observable), terms.data(), terms.size()};
  }
};

#define QRT_CALL(member, ...) \
  call(&qrt_device_functions::member, offsetof(qrt_device_functions, member), #member, __VA_ARGS__)

class InProcessBackend final : public device::Backend {
 public:
  InProcessBackend(const DeviceType& type, qrt_device* handle) noexcept
      : type_(type), functions_(&type.functions()), handle_(handle), synchronize_(synchronize_of(type)) {}
  ~InProcessBackend() override {
    try {
      functions_->destroy(handle_);
    } catch (...) {  // a C++ exception out of the plugin (the ABI forbids it): nothing more can be done
    }
  }
  InProcessBackend(const InProcessBackend&) = delete;
  InProcessBackend& operator=(const InProcessBackend&) = delete;

  std::vector<Wire> allocate(std::size_t count) override {
    std::vector<Wire> wires(count);
    QRT_CALL(allocate_qubits, count, wires.data());
    return wires;
  }
  void release_qubits(std::span<const Wire> wires) override { QRT_CALL(release_qubits, wires.data(), wires.size()); }
  std::size_t num_qubits() override {
    std::size_t n = 0;
    QRT_CALL(num_qubits, &n);
    return n;
  }
  void apply_gate(const qrt_gate_call& gate) override { QRT_CALL(apply_gate, &gate); }
  void apply_matrix(const qrt_matrix_call& matrix) override { QRT_CALL(apply_matrix, &matrix); }
  int measure(Wire wire, int postselect) override {
    std::int32_t result = 0;
    QRT_CALL(measure, wire, postselect, &result);
    return result;
  }
  void reset_wire(Wire wire) override {
    try {
      QRT_CALL(reset_wire, wire);
    } catch (const Error& e) {
      const auto& offered = type_.capabilities().measurements;
      if (e.code() == ErrorCode::Unsupported && std::find(offered.begin(), offered.end(), "reset") == offered.end())
        throw Error(ErrorCode::Unsupported, cannot_reset(type_));
      throw;
    }
  }
  double expval(const Observable& observable) override {
    ObservableView view(observable);
    double value = 0;
    QRT_CALL(expval, &view.c, &value);
    return value;
  }
  double var(const Observable& observable) override {
    ObservableView view(observable);
    double value = 0;
    QRT_CALL(var, &view.c, &value);
    return value;
  }
  std::vector<double> probs(std::span<const Wire> wires) override {
    std::size_t k = wires.empty() ? num_qubits() : wires.size();
    const std::size_t size = pow2(k, "probs");
    require_memory(std::uint64_t{sizeof(double)} * size, type_.name() + ": probs: " + std::to_string(size) +
                                                             " probabilities over " + std::to_string(k) + " wires");
    std::vector<double> out(size);
    QRT_CALL(probs, wires.data(), wires.size(), out.data(), out.size());
    return out;
  }
  std::vector<std::uint8_t> sample(std::span<const Wire> wires) override {
    std::size_t columns = wires.empty() ? num_qubits() : wires.size();
    std::uint64_t n = shots();
    if (n == 0) throw Error(ErrorCode::FailedPrecondition, type_.name() + ": sample needs shots > 0");
    if (columns != 0 && n > (std::numeric_limits<std::size_t>::max() / 4) / columns)
      throw Error(ErrorCode::OutOfRange, type_.name() + ": " + std::to_string(n) + " shots x " +
                                             std::to_string(columns) + " wires is too large");
    require_memory(n * columns, type_.name() + ": sample: " + std::to_string(n) + " shots x " +
                                    std::to_string(columns) + " wires (one byte each)");
    std::vector<std::uint8_t> out(n * columns);
    QRT_CALL(sample, wires.data(), wires.size(), out.data(), out.size());
    return out;
  }
  std::map<std::uint64_t, std::uint64_t> counts(std::span<const Wire> wires) override;
  std::vector<std::complex<double>> state() override {
    const std::size_t size = state_size();
    if (size > (std::size_t{1} << 40)) throw Error(ErrorCode::OutOfRange, type_.name() + ": state too large to copy");
    require_memory(std::uint64_t{16} * size,
                   type_.name() + ": state: a copy of " + std::to_string(size) + " amplitudes");
    std::vector<std::complex<double>> out(size);
    QRT_CALL(state, reinterpret_cast<double*>(out.data()), out.size());
    return out;
  }
  std::size_t state_size() override {
    std::size_t size = 0;
    QRT_CALL(state_size, &size);
    return size;
  }
  void state_into(std::span<std::complex<double>> out) override {
    const std::size_t size = state_size();
    if (size != out.size())
      throw Error(ErrorCode::InvalidArgument, type_.name() + ": state: the buffer holds " + std::to_string(out.size()) +
                                                  " amplitudes, the state " + std::to_string(size));
    QRT_CALL(state, reinterpret_cast<double*>(out.data()), out.size());
  }
  void set_shots(std::uint64_t shots) override { QRT_CALL(set_shots, shots); }
  std::uint64_t shots() override {
    std::uint64_t shots = 0;
    QRT_CALL(get_shots, &shots);
    return shots;
  }
  void set_seed(std::uint64_t seed) override { QRT_CALL(set_seed, seed); }
  std::uint64_t memory_bytes() override {
    std::uint64_t bytes = 0;
    QRT_CALL(memory_bytes, &bytes);
    return bytes;
  }

  qrt_device* native_handle() const noexcept override { return handle_; }
  const qrt_device_functions* functions() const noexcept override { return functions_; }
  const void* extension(const char* id) const noexcept override { return type_.extension(id); }

  device::ExecutionResult run_program(const program::LoweredProgram& program, const RunOptions& options,
                                      Device& self) override {
    return execute(program, self, options);
  }
  void run_compiled(device::CompiledRun& run, Device& self) override {
    run.run_here(self);
    synchronize();  // what the program left queued belongs to its run
  }

  void synchronize() override {
    if (synchronize_ == nullptr) return;
    loader::call_plugin(type_.name(), type_.library_path(), "synchronize", [&] { return synchronize_(handle_); });
  }

  std::uint64_t reset() override {
    loader::call_plugin(type_.name(), type_.library_path(), "reset", [&] { return functions_->reset(handle_); });
    return memory_after_reset();
  }

 private:
  // Calls an optional function of the table, reporting "unsupported" when the plugin lacks it.
  template <class Fn, class... Args>
  void call(Fn qrt_device_functions::*member, std::size_t offset, const char* operation, Args&&... args) const {
    Fn fn = functions_->*member;
    if (functions_->struct_size < offset + sizeof(Fn) || fn == nullptr) [[unlikely]]
      throw Error(ErrorCode::Unsupported, type_.name() + ": " + operation + " is not implemented by the device");
    loader::call_plugin(type_.name(), type_.library_path(), operation,
                        [&] { return fn(handle_, std::forward<Args>(args)...); });
  }

  // What a freshly reset instance holds; 0 when the device cannot tell (its error is dropped: a figure
  // for the pool's memory budget is not worth failing the reset for).
  std::uint64_t memory_after_reset() const noexcept {
    try {
      std::uint64_t bytes = 0;
      QRT_CALL(memory_bytes, &bytes);
      return bytes;
    } catch (...) {
      return 0;
    }
  }

  using SynchronizeFn = qrt_error* (*)(qrt_device*);
  // The type's qrt.synchronize/1 function (null: it offers none), looked up once: every run calls it.
  static SynchronizeFn synchronize_of(const DeviceType& type) noexcept {
    const auto* extension = static_cast<const qrt_synchronize_extension*>(type.extension(QRT_EXTENSION_SYNCHRONIZE));
    if (extension == nullptr ||
        extension->struct_size < offsetof(qrt_synchronize_extension, synchronize) + sizeof(extension->synchronize))
      return nullptr;
    return extension->synchronize;
  }

  const DeviceType& type_;
  const qrt_device_functions* functions_;  // == &type_.functions(), cached for the hot path
  qrt_device* handle_;
  SynchronizeFn synchronize_;
};

#undef QRT_CALL

std::map<std::uint64_t, std::uint64_t> InProcessBackend::counts(std::span<const Wire> wires) {
  std::size_t columns = wires.empty() ? num_qubits() : wires.size();
  if (columns > 64) throw Error(ErrorCode::OutOfRange, "counts over more than 64 wires");
  std::map<std::uint64_t, std::uint64_t> result;
  if (QRT_HAS_FUNCTION(functions_, qrt_device_functions, counts)) {
    auto sink = [](void* context, std::uint64_t outcome, std::uint64_t count) {
      (*static_cast<std::map<std::uint64_t, std::uint64_t>*>(context))[outcome] += count;
    };
    loader::call_plugin(type_.name(), type_.library_path(), "counts",
                        [&] { return functions_->counts(handle_, wires.data(), wires.size(), sink, &result); });
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

}  // namespace

std::unique_ptr<device::Backend> create_in_process_backend(const DeviceType& type, const std::string& kwargs) {
  qrt_device* handle = nullptr;
  loader::call_plugin(type.name(), type.library_path(), "create",
                      [&] { return type.functions().create(kwargs.c_str(), &handle); });
  if (!handle) throw Error(ErrorCode::Internal, type.name() + ": create succeeded but returned no instance");
  try {
    return std::make_unique<InProcessBackend>(type, handle);
  } catch (const std::bad_alloc&) {  // the backend never took the handle
    type.functions().destroy(handle);
    throw;
  }
}

}  // namespace qrt::exec
