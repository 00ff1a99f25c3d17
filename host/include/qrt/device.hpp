// qrt::Device — an Active device instance borrowed from the pool (RAII: the destructor releases it to
// the pool, which resets it for reuse). Move-only. One thread at a time uses a Device; distinct Devices
// may be used concurrently. Every call forwards to the instance's backend: the plugin in this process
// through the C ABI, or, for an isolated device (isolate=true, see <qrt/isolation.hpp>), the plugin in a
// worker process. A plugin error becomes a qrt::Error naming the device and the operation.
#pragma once

#include <qrt/device_api.h>
#include <qrt/device_spec.hpp>
#include <qrt/error.hpp>
#include <qrt/observable.hpp>

#include <complex>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace qrt {

class DeviceType;
namespace device {  // the host's internals (host/src/device)
struct Instance;
class Owner;
struct Access;
}  // namespace device

class Device {
 public:
  Device() = default;
  Device(Device&& other) noexcept;
  Device& operator=(Device&& other) noexcept;
  ~Device();

  explicit operator bool() const noexcept { return instance_ != nullptr; }
  // Gives the instance back to the pool now (it is reset and may be reused by an equal config).
  void release() noexcept;

  const DeviceType& type() const;
  const std::string& name() const;
  // The canonical kwargs JSON this instance was created with (the pool key's kwargs part).
  const std::string& canonical_kwargs() const;
  // The resolved config this instance was made for (its pool key): Runtime::open of it gives an equal one.
  ResolvedDevice resolved() const;

  // Index of a gate in the device's capability list, or nullopt.
  std::optional<std::uint32_t> gate_id(std::string_view gate_name) const;

  std::vector<Wire> allocate(std::size_t count);
  void release_qubits(std::span<const Wire> wires);
  std::size_t num_qubits();

  void apply(std::uint32_t gate_id, std::span<const double> params, std::span<const Wire> wires,
             std::span<const Wire> controls = {}, std::span<const std::uint8_t> control_values = {},
             bool adjoint = false);
  // Resolves the name on each call; prefer gate_id() + apply() in loops.
  void apply(std::string_view gate_name, std::span<const double> params, std::span<const Wire> wires,
             std::span<const Wire> controls = {}, std::span<const std::uint8_t> control_values = {},
             bool adjoint = false);
  void apply_matrix(std::span<const std::complex<double>> matrix, std::span<const Wire> wires,
                    std::span<const Wire> controls = {}, std::span<const std::uint8_t> control_values = {},
                    bool adjoint = false);

  int measure(Wire wire, std::optional<int> postselect = std::nullopt);
  void reset_wire(Wire wire);
  double expval(const Observable& observable);
  double var(const Observable& observable);
  // Wire lists: the first wire is the most significant bit of each index; empty = all wires.
  std::vector<double> probs(std::span<const Wire> wires = {});
  // shots() rows x columns (wires.size(), or all) of 0/1.
  std::vector<std::uint8_t> sample(std::span<const Wire> wires = {});
  // outcome (first wire = most significant bit) -> count; at most 64 wires.
  std::map<std::uint64_t, std::uint64_t> counts(std::span<const Wire> wires = {});
  std::vector<std::complex<double>> state();
  // The number of amplitudes of state() (2^n for a state-vector device).
  std::size_t state_size();
  // state() written into `out` (its size must be state_size()): an in-process device copies its
  // amplitudes straight into it, without an intermediate vector (for callers that own the buffer).
  void state_into(std::span<std::complex<double>> out);

  void set_shots(std::uint64_t shots);
  std::uint64_t shots();
  void set_seed(std::uint64_t seed);
  std::uint64_t memory_bytes();
  // Back to the state of a freshly created instance, as when it returns to the pool: every qubit freed,
  // shots and seed as the device's kwargs set them.
  void reset();

  // The raw ABI handle and function table, for code that drives the plugin directly (benchmarks,
  // conformance checks): null, and functions() throws Error(Unsupported), for an isolated device, whose
  // plugin is not in this process.
  qrt_device* native_handle() const noexcept;
  const qrt_device_functions& functions() const;
  // The instance's extension `id` (see DeviceType::extension), to call with native_handle(); nullptr for
  // an isolated device (extensions do not cross the worker protocol) and where the device offers none.
  const void* extension(const char* id) const;
  // Applies what the device has deferred (its extension qrt.synchronize/1: queued gates), so that their
  // time and errors belong to the caller's run; nothing where the device offers no such extension, and for
  // an isolated device, whose worker synchronizes at the end of each run it executes.
  void synchronize();

 private:
  friend struct device::Access;
  Device(std::shared_ptr<device::Owner> owner, device::Instance* instance) noexcept;
  device::Instance& live(const char* operation) const;

  std::shared_ptr<device::Owner> owner_;  // the pool (kept alive while the lease lasts)
  device::Instance* instance_ = nullptr;
};

}  // namespace qrt
