// Ctrl-C while a program runs: Python's own SIGINT handler only sets a flag that the main thread reads between
// bytecodes, which it does not execute while a program runs in C++. So while the main thread runs a program,
// SIGINT asks that program to stop (at its next operation); Python's handler is back in place before the
// KeyboardInterrupt is raised.
#include "bindings.hpp"

#include <atomic>
#include <cmath>

namespace qrt::python {
namespace {

std::atomic<ExecutionProgress*> g_stoppable{nullptr};
std::atomic<bool> g_interrupted{false};
unsigned long g_main_thread = 0;  // Python's main thread, recorded at import

void stop_on_sigint(int) {
  g_interrupted.store(true);
  if (ExecutionProgress* p = g_stoppable.load()) p->request_stop();
}

}  // namespace

void remember_main_thread() {
  g_main_thread = py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();
}

Stoppable::~Stoppable() {
  if (!armed_) return;
  sigaction(SIGINT, &previous_, nullptr);
  g_stoppable.store(nullptr);
}

void Stoppable::arm() {
  if (armed_ || PyThread_get_thread_ident() != g_main_thread) return;
  struct sigaction ours = {};
  ours.sa_handler = stop_on_sigint;
  sigemptyset(&ours.sa_mask);
  g_interrupted.store(false);
  g_stoppable.store(&progress);
  if (sigaction(SIGINT, &ours, &previous_) != 0) {
    g_stoppable.store(nullptr);
    return;
  }
  if (previous_.sa_handler == SIG_IGN) {  // Ctrl-C is ignored here: leave it so
    sigaction(SIGINT, &previous_, nullptr);
    g_stoppable.store(nullptr);
    return;
  }
  armed_ = true;
}

void Stoppable::arm_if_long(const LoadedProgram& program, std::uint64_t shots) {
  constexpr double kLong = 1 << 20;  // amplitude updates (or samples): about a millisecond
  const program::Program* circuit = program.circuit().get();
  if (circuit == nullptr) return arm();  // compiled code: its work is not known up front
  const double amplitudes = std::ldexp(1.0, static_cast<int>(std::min<std::size_t>(circuit->num_qubits, 1000)));
  const double work =
      static_cast<double>(circuit->gate_count()) * amplitudes * static_cast<double>(shots > 0 ? shots : 1);
  if (work >= kLong) arm();
}

bool Stoppable::interrupted() const { return armed_ && g_interrupted.load(); }

void run_stoppable(const std::function<void(Stoppable&)>& work) {
  bool interrupted = false;
  {
    Stoppable stop;
    py::gil_scoped_release unlocked;
    try {
      work(stop);
    } catch (const StoppedError&) {
      if (!stop.interrupted()) throw;
      interrupted = true;
    }
    if (!interrupted && stop.interrupted()) PyErr_SetInterrupt();  // it came after the last operation
  }
  if (interrupted) {
    PyErr_SetNone(PyExc_KeyboardInterrupt);
    throw py::error_already_set();
  }
}

}  // namespace qrt::python
