// qrt._qrt — the pybind11 extension under the `qrt` Python package. It only translates: every decision
// (front end by content, lowering, running, output text, errors and their messages) is libqrt's.
#pragma once

#include <qrt/circuit_runner.hpp>
#include <qrt/execution_progress.hpp>
#include <qrt/parameter_sweep.hpp>
#include <qrt/program_kind.hpp>
#include <qrt/program/lowering.hpp>
#include <qrt/program/program.hpp>
#include <qrt/runtime.hpp>
#ifdef QRT_HAVE_QIR
#include <qrt/qir/program.hpp>
#endif

#include <pybind11/complex.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <csignal>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace qrt::python {

namespace py = pybind11;

// --- errors.cpp: C++ exceptions as qrt.Error subclasses (classes defined in qrt/_errors.py) ---
void register_error_translator();
// Sets the Python error for `error` (the GIL held) and returns the exception object, for futures.
py::object exception_object(std::exception_ptr error);

// --- programs.cpp: qrt.Program ---
class Program {
 public:
  static Program load(const std::string& path);
  static Program from_qasm(const std::string& source, const std::string& name);

  ProgramKind kind() const { return kind_; }
  const std::string& name() const { return name_; }
  // The OpenQASM program with `params` bound: the one parsed by load when it has no free parameters
  // (and `params` is empty), else a bound copy of it (no parse). Throws the model's error for a free
  // parameter left unbound or a name that is not one.
  std::shared_ptr<const program::Program> qasm(const ParameterBinding& params) const;
  // The parsed OpenQASM program, free parameters unbound (null for QIR).
  const std::shared_ptr<const program::Program>& parsed() const { return parsed_; }
  // Its free parameters, first use first (empty for QIR).
  const std::vector<std::string>& parameters() const;
#ifdef QRT_HAVE_QIR
  const std::shared_ptr<const qir::Program>& qir() const { return qir_; }
#endif
  std::size_t num_qubits() const;
  std::string repr() const;

 private:
  ProgramKind kind_ = ProgramKind::OpenQasm;
  std::string name_;
  std::shared_ptr<const program::Program> parsed_;  // OpenQASM, free parameters unbound
#ifdef QRT_HAVE_QIR
  std::shared_ptr<const qir::Program> qir_;
#endif
};
void bind_program_class(py::module_& m);

// --- runs.cpp: qrt.run, qrt.submit, Ctrl-C ---
// The process runtime (qrt::process_runtime): one pool for Device, run, submit and QIR runs.
std::shared_ptr<Runtime> runtime();
// A run's stop flag. arm(): on the main thread, Ctrl-C requests the stop (a SIGINT handler of ours until
// the run ends; the run then throws StoppedError, raised as KeyboardInterrupt). Runs too short to be worth
// stopping leave it unarmed: swapping the handler (a system call each way) would cost more than they
// do, and a Ctrl-C during them still raises KeyboardInterrupt, from Python's own handler, as they return.
class Stoppable {
 public:
  Stoppable() = default;
  Stoppable(const Stoppable&) = delete;
  Stoppable& operator=(const Stoppable&) = delete;
  ~Stoppable();
  void arm();
  // Arms when operations x 2^n x shots reaches ~2^20 (about a millisecond of work or more).
  void arm_if_long(const program::LoweredProgram& lowered, std::uint64_t shots);
  bool interrupted() const;
  ExecutionProgress progress;

 private:
  struct sigaction previous_ = {};
  bool armed_ = false;
};
// Runs `work` on the calling thread with the GIL released.
void run_stoppable(const std::function<void(Stoppable&)>& work);
void bind_runs(py::module_& m);
// --- gradient_binding.cpp: qrt.gradient ---
void bind_gradient(py::module_& m);
// --- hamiltonian_binding.cpp: qrt.Hamiltonian ---
void bind_hamiltonian(py::module_& m);

// --- catalyst_binding.cpp: qrt.load of a Catalyst program (qrt._CatalystProgram) ---
void bind_catalyst(py::module_& m);

// --- device_binding.cpp: qrt.Device's native part ---
void bind_device(py::module_& m);

// Moves a vector into a NumPy array without copying (the array owns it).
template <class T>
py::array_t<T> to_numpy(std::vector<T>&& values) {
  auto* owned = new std::vector<T>(std::move(values));
  py::capsule free_when_done(owned, [](void* p) { delete static_cast<std::vector<T>*>(p); });
  return py::array_t<T>(static_cast<py::ssize_t>(owned->size()), owned->data(), free_when_done);
}

// "qubit 0 rightmost" bitstring of `bits` bits.
std::string bitstring(std::uint64_t value, std::size_t bits);

}  // namespace qrt::python
