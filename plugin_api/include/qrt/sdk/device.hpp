// The C++ face of a device: call arguments as spans, observables as values, and the base class a
// plugin author derives from. Every operation but the lifecycle has a default that reports
// "unsupported", so a device implements exactly what its capabilities declare.
#pragma once

#include <qrt/sdk/error.hpp>

#include <complex>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace qrt::sdk {

using Wire = qrt_wire;
using Complex = std::complex<double>;

// Wire lists follow the ABI's order: the first wire is the most significant bit of every index.
struct GateCall {
  std::uint32_t id;  // index in Capabilities::gates
  std::string_view name;
  std::span<const double> params;
  std::span<const Wire> wires;
  std::span<const Wire> controls;
  std::span<const std::uint8_t> control_values;  // same length as controls (the SDK fills 1s when absent)
  bool adjoint;
};

struct MatrixCall {
  std::span<const Complex> matrix;  // row-major 2^k x 2^k, k = wires.size()
  std::span<const Wire> wires;
  std::span<const Wire> controls;
  std::span<const std::uint8_t> control_values;
  bool adjoint;
};

enum class ObservableKind : std::uint32_t {
  Identity = QRT_OBSERVABLE_IDENTITY,
  PauliX = QRT_OBSERVABLE_PAULI_X,
  PauliY = QRT_OBSERVABLE_PAULI_Y,
  PauliZ = QRT_OBSERVABLE_PAULI_Z,
  Hadamard = QRT_OBSERVABLE_HADAMARD,
  Hermitian = QRT_OBSERVABLE_HERMITIAN,
};

struct ObservableFactor {
  ObservableKind kind;
  std::vector<Wire> wires;
  std::vector<Complex> matrix;  // Hermitian only: row-major 2^k x 2^k
};
struct ObservableTerm {
  double coefficient = 1.0;
  std::vector<ObservableFactor> factors;  // tensor product; empty = Identity
};
struct Observable {
  std::vector<ObservableTerm> terms;  // weighted sum
};

// One device instance. The host calls it from one thread at a time.
class Device {
 public:
  virtual ~Device() = default;

  // Become indistinguishable from a freshly created instance with the same kwargs.
  virtual void reset() = 0;
  virtual std::vector<Wire> allocate_qubits(std::size_t count) = 0;
  virtual void release_qubits(std::span<const Wire> wires) = 0;
  virtual std::size_t num_qubits() const = 0;

  virtual void apply_gate(const GateCall& call) { throw_unsupported("gate '" + std::string(call.name) + "'"); }
  virtual void apply_matrix(const MatrixCall&) { throw_unsupported("apply_matrix"); }
  // Projective Z measurement with collapse; returns 0 or 1.
  virtual int measure(Wire, std::optional<int> /*postselect*/) { throw_unsupported("measure"); }
  virtual void reset_wire(Wire) { throw_unsupported("reset_wire"); }
  virtual double expval(const Observable&) { throw_unsupported("expval"); }
  virtual double var(const Observable&) { throw_unsupported("var"); }
  // out.size() == 2^wires.size(); empty wires: all, in allocation order.
  virtual void probs(std::span<const Wire>, std::span<double>) { throw_unsupported("probs"); }
  // shots() rows x wires.size() columns of 0/1; empty wires: all, in allocation order.
  virtual void sample(std::span<const Wire>, std::span<std::uint8_t>) { throw_unsupported("sample"); }
  virtual std::size_t state_size() { throw_unsupported("state"); }
  virtual void state(std::span<Complex>) { throw_unsupported("state"); }
  virtual void set_shots(std::uint64_t) { throw_unsupported("set_shots"); }
  virtual std::uint64_t shots() const { return 0; }
  virtual void set_seed(std::uint64_t) { throw_unsupported("set_seed"); }
  virtual std::uint64_t memory_bytes() const { return 0; }
};

}  // namespace qrt::sdk
