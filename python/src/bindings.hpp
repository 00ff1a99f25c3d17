// qrt._qrt — the pybind11 extension under the `qrt` Python package. It only translates: every decision
// (front end by content, lowering, running, output text, errors and their messages) is libqrt's.
#pragma once

#include <qrt/execution_progress.hpp>
#include <qrt/loaded_program.hpp>
#include <qrt/program_kind.hpp>
#include <qrt/run.hpp>
#include <qrt/runtime.hpp>

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

// --- programs.cpp: qrt.Program, a LoadedProgram (any front end) ---
class Program {
 public:
  static Program load(const std::string& path);
  static Program from_qasm(const std::string& source, const std::string& name);

  const LoadedProgram& loaded() const { return loaded_; }
  ProgramKind kind() const { return loaded_.kind(); }
  const std::string& name() const { return loaded_.name(); }
  // OpenQASM: the parsed circuit, free parameters unbound (null for compiled QIR).
  const std::shared_ptr<const program::Program>& parsed() const { return loaded_.circuit(); }
  // Its free parameters, first use first (empty for QIR).
  const std::vector<std::string>& parameters() const;
  std::size_t num_qubits() const;
  std::string repr() const;

 private:
  explicit Program(LoadedProgram loaded) : loaded_(std::move(loaded)) {}
  LoadedProgram loaded_;
};
void bind_program_class(py::module_& m);

// --- stoppable.cpp: Ctrl-C while a program runs on the main thread ---
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
  // Arms when operations x 2^n x shots reaches ~2^20 (about a millisecond of work or more); always for
  // compiled code, whose work is not known up front.
  void arm_if_long(const LoadedProgram& program, std::uint64_t shots);
  bool interrupted() const;
  ExecutionProgress progress;

 private:
  struct sigaction previous_ = {};
  bool armed_ = false;
};
// Runs `work` on the calling thread with the GIL released.
void run_stoppable(const std::function<void(Stoppable&)>& work);
// Records Python's main thread (at import).
void remember_main_thread();

// --- result_dict.cpp: a RunResult as the dict qrt.Result takes (built with the GIL held) ---
py::dict to_python(RunResult&& result, const LoadedProgram& program, const std::string& device);

// --- runs.cpp: qrt.run, qrt.submit ---
// The process runtime (qrt::process_runtime): one pool for Device, run, submit and QIR runs.
std::shared_ptr<Runtime> runtime();
// The request qrt.run and qrt.submit make: shots, seed, parameters, and a circuit's final state (probabilities
// and state) whenever the program and the device can give it.
RunRequest python_request(const LoadedProgram& program, std::optional<std::uint64_t> shots,
                          std::optional<std::uint64_t> seed, const std::optional<ParameterBinding>& params);
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
