// One device instance driven through the raw C ABI, as the conformance checks need it: no host-side
// validation in between (that would hide plugin bugs), every error value taken apart (status code,
// message, well-formedness) and destroyed exactly once.
#pragma once

#include "conformance/reference.hpp"

#include <qrt/device_api.h>
#include <qrt/gate_call.hpp>  // gate_call: the checks build their calls with it

#include <cstdint>
#include <map>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace qrt::conformance {

// What one ABI call returned.
struct CallStatus {
  std::int32_t code = QRT_OK;
  std::string message;
  bool absent = false;    // the function is missing from the table (NULL or past struct_size)
  std::string malformed;  // non-empty when the error value broke the ABI's rules (what was wrong)

  bool ok() const { return code == QRT_OK; }
  // e.g. "QRT_ERROR_INVALID_ARGUMENT: RX takes 1 parameter(s), got 2"
  std::string describe() const;
};

const char* status_name(std::int32_t code) noexcept;

// Thrown by the NativeInstance helpers when a call that should succeed did not.
class CallFailed : public std::runtime_error {
 public:
  CallFailed(std::string operation, CallStatus status);
  const std::string& operation() const { return operation_; }
  const CallStatus& status() const { return status_; }

 private:
  std::string operation_;
  CallStatus status_;
};

// Takes ownership of an error value returned by a plugin: reads it, checks its shape, destroys it.
CallStatus take_error(qrt_error* error);

// One-factor observable on one wire (PauliZ on a wire, a Hermitian matrix on wires...).
struct SimpleObservable {
  qrt_observable_kind kind;
  std::vector<qrt_wire> wires;
  std::vector<Complex> matrix;  // Hermitian only
};

class NativeInstance {
 public:
  // Creates an instance; throws CallFailed when create fails or writes no instance.
  NativeInstance(const qrt_device_functions& functions, const std::string& canonical_kwargs);
  ~NativeInstance();
  NativeInstance(const NativeInstance&) = delete;
  NativeInstance& operator=(const NativeInstance&) = delete;

  const qrt_device_functions& functions() const { return functions_; }
  qrt_device* handle() const { return handle_; }

  // The raw calls: each returns what the plugin returned (absent functions included).
  CallStatus try_reset();
  CallStatus try_allocate(std::size_t count, std::vector<qrt_wire>& out);
  CallStatus try_release(std::span<const qrt_wire> wires);
  CallStatus try_num_qubits(std::size_t& out);
  CallStatus try_apply_gate(const qrt_gate_call& call);
  CallStatus try_measure(qrt_wire wire, std::int32_t postselect, std::int32_t& out);
  CallStatus try_reset_wire(qrt_wire wire);
  CallStatus try_expval(const SimpleObservable& observable, double& out);
  CallStatus try_var(const SimpleObservable& observable, double& out);
  CallStatus try_probs(std::span<const qrt_wire> wires, std::vector<double>& out);
  CallStatus try_sample(std::span<const qrt_wire> wires, std::size_t rows, std::vector<std::uint8_t>& out);
  CallStatus try_counts(std::span<const qrt_wire> wires, std::vector<std::pair<std::uint64_t, std::uint64_t>>& out);
  CallStatus try_state(std::vector<Complex>& out);
  CallStatus try_set_shots(std::uint64_t shots);
  CallStatus try_get_shots(std::uint64_t& out);
  CallStatus try_set_seed(std::uint64_t seed);

  // The same, throwing CallFailed unless the call succeeded.
  void reset();
  std::vector<qrt_wire> allocate(std::size_t count);
  void release(std::span<const qrt_wire> wires);
  // Puts each wire in |0> first (reset_wire, or measure where the device has no reset_wire), then
  // releases them: the ABI lets a device refuse to release a wire that is still entangled.
  void release_disentangled(std::span<const qrt_wire> wires);
  std::size_t num_qubits();
  void apply_gate(std::uint32_t gate_id, std::span<const double> params, std::span<const qrt_wire> wires,
                  std::span<const qrt_wire> controls = {}, std::span<const std::uint8_t> control_values = {},
                  bool adjoint = false);
  std::int32_t measure(qrt_wire wire, std::int32_t postselect = -1);
  void reset_wire(qrt_wire wire);
  double expval(const SimpleObservable& observable);
  double var(const SimpleObservable& observable);
  std::vector<double> probs(std::span<const qrt_wire> wires = {});
  std::vector<std::uint8_t> sample(std::span<const qrt_wire> wires, std::size_t rows);
  std::vector<std::pair<std::uint64_t, std::uint64_t>> counts(std::span<const qrt_wire> wires);
  std::vector<Complex> state();
  void set_shots(std::uint64_t shots);
  std::uint64_t shots();
  void set_seed(std::uint64_t seed);

 private:
  const qrt_device_functions& functions_;
  qrt_device* handle_ = nullptr;
};

}  // namespace qrt::conformance
