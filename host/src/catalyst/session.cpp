#include "catalyst/session.hpp"

#include "catalyst/device_mapping.hpp"
#include "catalyst/gate_table.hpp"

#include <qrt/device_type.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <unordered_map>
#include <utility>

namespace qrt::catalyst {
namespace {

thread_local Session* t_session = nullptr;

// device_init's mapping, parsed once per distinct request on each thread (a module's device_init passes
// the same constant strings on every call).
const MappedDevice& mapped_device(const DeviceRequest& request, const std::optional<DeviceSpec>& override_device,
                                  Runtime& runtime) {
  thread_local std::unordered_map<std::string, MappedDevice> cache;
  std::string key;
  key.reserve(request.library.size() + request.name.size() + request.kwargs.size() + 64);
  key.append(request.library).append(1, '\0').append(request.name).append(1, '\0').append(request.kwargs);
  key.append(1, '\0').append(request.shots ? std::to_string(*request.shots) : "-");
  key.append(1, '\0').append(override_device ? override_device->text() : std::string("\x01"));
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  if (cache.size() > 256) cache.clear();
  return cache.emplace(std::move(key), map_device(request, override_device, runtime)).first->second;
}

// The device gate ids of Catalyst's gates, resolved once per device type on each thread (a name lookup each
// is 2 us of a 6 us call). A type lives as long as its runtime; the runtime's generation and a spot check of
// the ids keep a type made later at the same address from inheriting them.
const std::array<std::optional<std::uint32_t>, kGateCount>& resolved_gates(const Device& device,
                                                                           std::uint64_t generation) {
  struct Cache {
    const DeviceType* type = nullptr;
    std::uint64_t generation = 0;
    std::array<std::optional<std::uint32_t>, kGateCount> ids{};
  };
  thread_local Cache cache;
  auto id = [&](Gate g) { return device.gate_id(gate_spec(g).device_name); };
  const bool hit = cache.type == &device.type() && cache.generation == generation &&
                   cache.ids[static_cast<std::size_t>(Gate::RX)] == id(Gate::RX) &&
                   cache.ids[static_cast<std::size_t>(Gate::CNOT)] == id(Gate::CNOT);
  if (!hit) {
    for (std::size_t g = 0; g < kGateCount; ++g) cache.ids[g] = id(static_cast<Gate>(g));
    cache.type = &device.type();
    cache.generation = generation;
  }
  return cache.ids;
}

// splitmix64 of (seed, k): the seed of the k-th device_init of a seeded run.
std::uint64_t derived_seed(std::uint64_t seed, std::uint64_t k) noexcept {
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ull * (k + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace

Session::Session(const CallOptions& options, std::shared_ptr<Runtime> runtime, std::uint64_t generation)
    : options_(options), runtime_(std::move(runtime)), generation_(generation) {
  seed_ = options.seed;
  result_.seed = seed_;
}

Session::~Session() {
  release_device_state();
  for (void* p : allocations_) std::free(p);
}

Session& Session::current() {
  if (!t_session) throw Error(ErrorCode::State, "no Catalyst program is running on this thread");
  return *t_session;
}

Session* Session::set_current(Session* session) noexcept { return std::exchange(t_session, session); }

void Session::record_failure(ErrorCode code, std::string message) noexcept {
  failure_code = code;
  failure = std::move(message);
}

void Session::raise() noexcept { std::longjmp(jump, 1); }

void Session::initialize(const std::uint32_t* seed) {
  if (!options_.seed && seed) seed_ = *seed;
  result_.seed = seed_;
}

void Session::finalize() { release_device_state(); }

void Session::device_init(std::string_view library, std::string_view name, std::string_view kwargs,
                          std::optional<std::int64_t> shots, bool auto_qubit_management) {
  if (device_)
    throw Error(ErrorCode::State, "a device (" + device_.name() +
                                      ") is already active on this thread; "
                                      "the module must call device_release before device_init");
  const MappedDevice& mapped = mapped_device({library, name, kwargs, shots}, options_.device, *runtime_);
  Device device = runtime_->open(*mapped.spec);
  const std::uint64_t run_shots = options_.shots.value_or(mapped.shots);
  device.set_shots(run_shots);
  DeviceInit record{std::string(library), std::string(name), std::string(kwargs),       run_shots,
                    mapped.config,        device.name(),     device.canonical_kwargs(), std::nullopt};
  if (seed_) {
    record.seed = derived_seed(*seed_, result_.devices.size());
    device.set_seed(*record.seed);
  }
  gate_ids_ = resolved_gates(device, generation_);
  device_ = std::move(device);
  spec_ = mapped.spec;
  shots_ = run_shots;
  auto_qubits_ = auto_qubit_management;
  operations_applied = 0;
  result_.devices.push_back(std::move(record));
  if (recording) start_tape();
}

void Session::device_release() {
  if (!device_)
    throw Error(ErrorCode::State, "no device is active on this thread (device_release without device_init)");
  release_device_state();
}

void Session::release_device_state() noexcept {
  registers_.clear();
  live_.clear();
  pending_release_.clear();  // the pool resets the device: nothing to release one by one
  observables_.clear();
  device_.release();
}

Device& Session::device() {
  if (!device_) throw Error(ErrorCode::State, "no device is active (the module must call device_init first)");
  if (!pending_release_.empty()) [[unlikely]] {
    std::vector<Wire> wires = std::move(pending_release_);
    pending_release_.clear();
    try {
      device_.release_qubits(wires);
    } catch (const Error& e) {
      throw Error(e.code(), std::string("releasing qubits (qubit_release / qubit_release_array): ") + e.what());
    }
    for (Wire w : wires) live_.erase(std::remove(live_.begin(), live_.end(), w), live_.end());
  }
  return device_;
}

std::mt19937_64& Session::random() {
  if (!random_) random_.emplace(seed_ ? *seed_ : std::random_device{}());
  return *random_;
}

QubitRegister* Session::allocate_register(std::size_t count) {
  Device& d = device();
  std::vector<Wire> wires = d.allocate(count);
  auto reg = std::make_unique<QubitRegister>();
  reg->ids.assign(wires.begin(), wires.end());
  live_.insert(live_.end(), wires.begin(), wires.end());
  registers_.push_back(std::move(reg));
  return registers_.back().get();
}

QubitRegister& Session::register_at(void* handle) {
  for (const auto& r : registers_)
    if (r.get() == handle) return *r;
  throw Error(ErrorCode::InvalidArgument, "the qubit register " +
                                              std::to_string(reinterpret_cast<std::uintptr_t>(handle)) +
                                              " was not allocated by qubit_allocate_array (or was released)");
}

void Session::release_register(void* handle) {
  QubitRegister& reg = register_at(handle);
  (void)device();
  pending_release_.insert(pending_release_.end(), reg.ids.begin(), reg.ids.end());
  registers_.erase(std::find_if(registers_.begin(), registers_.end(), [&](const auto& r) { return r.get() == &reg; }));
}

QubitId Session::allocate_qubit() {
  const Wire w = device().allocate(1).at(0);
  live_.push_back(w);
  return static_cast<QubitId>(w);
}

void Session::release_qubit(QubitId id) {
  (void)device();
  pending_release_.push_back(static_cast<Wire>(id));
}

void Session::count_operation() {
  ++operations_applied;
  if (ExecutionProgress* progress = options_.progress) {
    if (progress->stop_requested()) [[unlikely]] {
      stopped = true;
      throw StoppedError("stopped after " + std::to_string(progress->done()) + " operations (a stop was requested)",
                         progress->done());
    }
    progress->count_operation();
  }
}

std::intptr_t Session::add_observable(Observable observable) {
  observables_.push_back(std::move(observable));
  return static_cast<std::intptr_t>(observables_.size() - 1);
}

const Observable& Session::observable(std::intptr_t key) const {
  if (key < 0 || static_cast<std::size_t>(key) >= observables_.size())
    throw Error(ErrorCode::InvalidArgument, "observable " + std::to_string(key) +
                                                " was not made by this device's "
                                                "NamedObs, HermitianObs, TensorObs or HamiltonianObs");
  return observables_[static_cast<std::size_t>(key)];
}

void Session::start_tape() {
  tape.clear();
  tape.clean_start = operations_applied == 0;
}

void* Session::allocate(std::size_t size, std::size_t alignment) {
  // Whole cache lines: a module that writes a little past what it asked for (Catalyst's published
  // grad_qfunc example does) lands in padding, as it does with the C library's allocator.
  alignment = std::max<std::size_t>(alignment, 16);
  if (alignment & (alignment - 1))
    throw Error(ErrorCode::InvalidArgument, "alignment " + std::to_string(alignment) + " is not a power of two");
  const std::size_t unit = std::max<std::size_t>(alignment, 64);
  const std::size_t rounded = (std::max<std::size_t>(size, 1) + unit - 1) / unit * unit;
  void* p = std::aligned_alloc(alignment, rounded);
  if (!p) throw std::bad_alloc();
  allocations_.insert(p);
  return p;
}

void Session::free(void* pointer) {
  if (!pointer) return;
  auto it = allocations_.find(pointer);
  if (it == allocations_.end())
    throw Error(ErrorCode::InvalidArgument, "free of " + std::to_string(reinterpret_cast<std::uintptr_t>(pointer)) +
                                                ", which the runtime did not allocate (or already freed)");
  allocations_.erase(it);
  std::free(pointer);
}

void Session::print(std::string_view text) {
  if (options_.print == PrintTo::Collect) {
    result_.printed.append(text);
    return;
  }
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

}  // namespace qrt::catalyst
