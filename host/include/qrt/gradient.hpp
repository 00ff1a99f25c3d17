// Gradients of expectation values with respect to a program's free parameters.
//
//   qrt::Runtime runtime;
//   qrt::Executor executor(runtime, {.workers = 2});
//   auto program = std::make_shared<const qrt::program::Program>(qrt::qasm::parse_string(
//       "OPENQASM 2.0; include \"qelib1.inc\"; qreg q[1]; rx(2*theta) q[0];", "<input>", {.free_parameters = true}));
//   qrt::GradientResult g = qrt::gradient(executor, "statevector.qubit", program, {{"theta", 0.3}}, {"Z"});
//   // g.expvals[0] = cos 0.6, g.jacobian_at(0, 0) = -2 sin 0.6, g.method = GradientMethod::Adjoint
//
// Trainable parameters are the program's free parameters (Program::free_parameters; OpenQASM's sweep
// identifiers, `rx(theta/2) q[0];`, parsed with qasm::ParseOptions::free_parameters). A parameter may
// appear in many gates and inside expressions (`2*theta+phi`, `-theta/4`, `sin(theta)`, ...): the
// derivative follows the chain rule exactly, through the expressions and through the bodies of
// user-defined gates (no numerical differentiation of expressions). Every parameterised gate of qelib1.inc
// is differentiable (rx ry rz p u1 u2 u3 u U cp cu1 crx cry crz cu3 cu rxx rzz) and so is any gate whose
// body reaches only those; a parameter that reaches an opaque gate, or a gate the device can run only as
// a matrix, is an error naming both.
//
// Methods:
//  - Adjoint: one call of the device's `qrt.adjoint_jacobian/1` extension (extensions/adjoint_jacobian.h):
//    a forward pass and one backward sweep, analytic (shots must be 0), in process (an isolated device
//    does not offer extensions). The circuit may have no measure or reset at all.
//  - ParameterShift: the circuit at shifted native-gate angles, run concurrently on the executor's pooled
//    instances: two runs per trainable RX/RY/RZ/PhaseShift/ControlledPhaseShift/IsingXX/IsingYY/IsingZZ
//    angle (shift ±π/2, exact), four per CRX/CRY/CRZ angle (shifts ±π/2 and ±3π/2, exact), plus one
//    unshifted run for the values. Any device, isolated or third-party; with shots the expectation values
//    are the device's estimates from its samples, so the gradient is an unbiased estimate.
//  - FiniteDifference: central differences (f(x+h) - f(x-h)) / 2h in each named parameter (the whole
//    program re-evaluated), 2 runs per parameter plus one: a check of the others, not exact.
//  - Auto: Adjoint where the device offers the extension, runs without shots and the program has no
//    measure or reset; else ParameterShift.
// Parameter-shift and finite differences accept terminal measurements (ignored: the expectation values
// are of the state before them); a mid-circuit measure, a reset after a gate or an `if` is an error.
#pragma once

#include <qrt/executor.hpp>
#include <qrt/hamiltonian.hpp>
#include <qrt/program/program.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace qrt {

enum class GradientMethod { Auto, Adjoint, ParameterShift, FiniteDifference };

// "auto", "adjoint", "parameter-shift", "finite-difference".
std::string_view to_string(GradientMethod method) noexcept;
// The inverse of to_string; throws qrt::Error(InvalidArgument) listing the methods.
GradientMethod parse_gradient_method(std::string_view name);

struct GradientOptions {
  GradientMethod method = GradientMethod::Auto;
  std::optional<std::uint64_t> shots;  // overrides the device's shots (Adjoint needs 0)
  // Run i of a parameter-shift or finite-difference gradient (0: the unshifted one) gets
  // derive_seed(*seed, i); unset: every run uses the device's own seed handling.
  std::optional<std::uint64_t> seed;
  double finite_difference_step = 1e-6;  // h of FiniteDifference, > 0
  std::size_t workers = 0;               // the Runtime overload's instances for shifted runs; 0: one per core
};

struct GradientResult {
  GradientMethod method = GradientMethod::Auto;  // the method used: never Auto
  std::vector<std::string> observables;          // as given (a Hamiltonian: Hamiltonian::to_string())
  std::vector<std::string> parameters;           // the names, in the given order
  std::vector<double> expvals;                   // one per observable
  std::vector<double> jacobian;                  // observables x parameters, row-major
  std::size_t trainable_gate_parameters = 0;     // native gate angles that depend on a parameter
  std::size_t device_runs = 0;                   // circuits run (one adjoint call counts as one)

  double jacobian_at(std::size_t observable, std::size_t parameter) const {
    return jacobian.at(observable * parameters.size() + parameter);
  }
};

// The expectation values of `observables` after `program` with its free parameters set to `parameters`,
// and their Jacobian: row i is observable i, column j parameter j. Every free parameter of the program
// must be given, and only those. Observables are Pauli words as `qrt run --expval` takes them (dense
// "ZZI" with qubit 0 rightmost, or sparse "Z0 Z3") or Hamiltonians in their text form
// ("0.5*Z0 Z1 - 0.2*X3", hamiltonian.hpp); the overloads below take qrt::Hamiltonian values (a span, so
// that a braced list of words still picks the first overload). A Hamiltonian is one observable: one
// value, one row, and for the adjoint method one backward sweep whatever its number of terms (the device
// receives it whole); each parameter-shift run evaluates all its terms from one state. Runs on the
// executor's pooled instances of `device_config` (the adjoint method on one of them).
// Throws qrt::Error(InvalidArgument) for no observables or parameters, a parameter named twice, one the
// program does not use, a value that is not finite, a bad Pauli word or Hamiltonian (a word that does not
// fit the register names its term) or finite_difference_step <= 0;
// qrt::program::Error quoting the statement for a free parameter left without a value, a parameter in a
// gate that is not differentiable, a mid-circuit measurement or reset (any measure/reset for Adjoint) or
// an `if`; qrt::Error(Unsupported) for Adjoint on a device without the extension (or isolated);
// qrt::Error(FailedPrecondition) for Adjoint with shots; device errors as qrt::Error.
GradientResult gradient(Executor& executor, std::string_view device_config,
                        std::shared_ptr<const program::Program> program,
                        const std::vector<std::pair<std::string, double>>& parameters,
                        const std::vector<std::string>& observables, const GradientOptions& options = {});

GradientResult gradient(Executor& executor, std::string_view device_config,
                        std::shared_ptr<const program::Program> program,
                        const std::vector<std::pair<std::string, double>>& parameters,
                        std::span<const Hamiltonian> observables, const GradientOptions& options = {});

// The same on executors of its own: the first run (the adjoint call, or the unshifted run) on one worker,
// so that a device with a `threads` kwarg gets every core (the executor's thread budget), then the shifted
// runs on options.workers instances at once. What `qrt grad` and qrt.gradient use.
GradientResult gradient(Runtime& runtime, std::string_view device_config,
                        std::shared_ptr<const program::Program> program,
                        const std::vector<std::pair<std::string, double>>& parameters,
                        const std::vector<std::string>& observables, const GradientOptions& options = {});
GradientResult gradient(Runtime& runtime, std::string_view device_config,
                        std::shared_ptr<const program::Program> program,
                        const std::vector<std::pair<std::string, double>>& parameters,
                        std::span<const Hamiltonian> observables, const GradientOptions& options = {});

}  // namespace qrt
