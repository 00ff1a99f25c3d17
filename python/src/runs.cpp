// qrt.run and qrt.submit: one program on a pooled device of the process runtime, on the calling thread
// (Ctrl-C stops it) or on the process executor (a concurrent.futures.Future).
#include "bindings.hpp"

#include <qrt/executor.hpp>

#include <atomic>
#include <cmath>
#include <csignal>
#include <map>
#include <mutex>

namespace qrt::python {
namespace {

// --- Ctrl-C ---------------------------------------------------------------------------------------
// Python's own SIGINT handler only sets a flag that the main thread reads between bytecodes, which it
// does not execute while a program runs in C++. So while the main thread runs a program, SIGINT asks
// that program to stop (at its next operation); Python's handler is back in place before the
// KeyboardInterrupt is raised.
std::atomic<ExecutionProgress*> g_stoppable{nullptr};
std::atomic<bool> g_interrupted{false};
unsigned long g_main_thread = 0;  // Python's main thread, recorded at import

void stop_on_sigint(int) {
  g_interrupted.store(true);
  if (ExecutionProgress* p = g_stoppable.load()) p->request_stop();
}

// --- the process executor -------------------------------------------------------------------------
std::mutex g_executor_mutex;
std::unique_ptr<Executor> g_executor;
std::shared_ptr<Runtime> g_executor_runtime;  // kept alive as long as the executor

Executor& executor() {
  std::lock_guard lock(g_executor_mutex);
  if (!g_executor) {
    g_executor_runtime = runtime();
    g_executor = std::make_unique<Executor>(*g_executor_runtime);
  }
  return *g_executor;
}

// Waits for what is running and drops the executor (atexit, before the interpreter goes).
void shutdown() {
  std::unique_ptr<Executor> doomed;
  {
    std::lock_guard lock(g_executor_mutex);
    doomed = std::move(g_executor);
  }
  if (!doomed) return;
  py::gil_scoped_release unlocked;  // running programs may still deliver their results
  doomed->cancel();
  doomed->wait_idle();
  doomed.reset();
}

// --- one run --------------------------------------------------------------------------------------
struct RunRequest {
  std::shared_ptr<Program> program;
  std::string device;
  std::uint64_t shots = 0;
  std::optional<std::uint64_t> seed;
  ParameterBinding params;
};

// What a run gives back, built without the GIL; to_python() turns it into the dict qrt.Result takes.
struct Outcome {
  bool qir = false;
  RunResult qasm;
  std::string device_name;
#ifdef QRT_HAVE_QIR
  qir::RunResult qir_result;
  std::string output;  // the text `qrt run` prints
#endif
};

// `stop`: null on the executor (a future is not stopped by Ctrl-C).
Outcome run_qasm(const RunRequest& request, Device& device, Stoppable* stop) {
  auto program = request.program->qasm(request.params);
  RunOptions options;
  options.shots = request.shots;
  options.seed = request.seed;
  options.progress = stop ? &stop->progress : nullptr;
  const program::LoweredProgram lowered = lower_for(*program, gate_set_of(device.type()), options);
  if (stop) stop->arm_if_long(lowered, request.shots);
  if (!is_dynamic(lowered)) {
    options.probabilities = true;
    options.state = device.type().capabilities().state;
  }
  Outcome outcome;
  outcome.device_name = device.name();
  outcome.qasm = run_lowered(*program, lowered, device, options);
  return outcome;
}

#ifdef QRT_HAVE_QIR
Outcome run_qir(const RunRequest& request, const std::string& device_config, ExecutionProgress* progress) {
  if (!request.params.empty())
    throw Error(ErrorCode::InvalidArgument, "params bind OpenQASM sweep identifiers; " + request.program->name() +
                                                " is a QIR program");
  const qir::Program& program = *request.program->qir();
  qir::RunOptions options;
  options.device = device_config;
  options.shots = request.shots == 0 ? 1 : request.shots;  // as `qrt run` without --shots
  options.seed = request.seed;
  options.progress = progress;
  Outcome outcome;
  outcome.qir = true;
  outcome.qir_result = qir::run(program, options);
  for (const auto& shot : outcome.qir_result.shots) outcome.output += qir::format_shot(program, shot);
  return outcome;
}

// A device's exact instance key as a config string: the executor's device (its thread budget included)
// given back to the pool and opened again by the QIR driver (a pool hit).
std::string exact_config(const Device& device) {
  std::string library = device.type().library_path().string();
  auto quoted = [](const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    return out + "\"";
  };
  return "{\"device\": " + quoted(device.name()) + ", \"library\": " + quoted(library) +
         ", \"kwargs\": " + device.canonical_kwargs() + "}";
}
#endif

// A Python callable owned by C++ threads: dropped with the GIL held, wherever the last owner goes (a
// task the executor cancels is destroyed without it).
struct PythonCallback {
  py::function function;
  explicit PythonCallback(py::function f) : function(std::move(f)) {}
  ~PythonCallback() {
    if (!function) return;
    py::gil_scoped_acquire locked;
    function = py::function();
  }
};

py::dict to_python(Outcome&& outcome, const RunRequest& request) {
  py::dict d;
  d["device"] = request.device;
  if (!outcome.qir) {
    RunResult& r = outcome.qasm;
    d["kind"] = "openqasm";
    d["shots"] = py::none();
    d["output"] = py::none();
    py::dict counts;
    for (const auto& [key, count] : r.counts) counts[py::str(key)] = count;
    d["counts"] = r.shots > 0 ? py::object(counts) : py::object(py::none());
    d["probabilities"] = r.probabilities.empty() ? py::object(py::none()) : py::object(to_numpy(std::move(r.probabilities)));
    d["state"] = r.state.empty() ? py::object(py::none()) : py::object(to_numpy(std::move(r.state)));
    d["num_shots"] = r.shots;
    d["run_seconds"] = r.run_seconds;
    return d;
  }
#ifdef QRT_HAVE_QIR
  static constexpr const char* kKinds[] = {"RESULT", "BOOL", "INT", "DOUBLE", "TUPLE", "ARRAY", "MESSAGE"};
  qir::RunResult& r = outcome.qir_result;
  d["kind"] = "qir";
  py::list shots;
  std::map<std::string, std::uint64_t> histogram;
  for (const auto& shot : r.shots) {
    py::list events;
    for (const auto& e : shot.events)
      events.append(py::make_tuple(kKinds[static_cast<int>(e.kind)], e.value,
                                   e.labelled ? py::object(py::str(e.label)) : py::object(py::none())));
    shots.append(events);
    if (!shot.failed) ++histogram[qir::outcome_key(shot)];
  }
  py::dict counts;
  for (const auto& [key, count] : histogram) counts[py::str(key)] = count;
  d["shots"] = shots;
  d["counts"] = counts;
  d["probabilities"] = py::none();
  d["state"] = py::none();
  d["output"] = outcome.output;
  d["num_shots"] = r.shots.size();
  d["run_seconds"] = r.run_seconds;
  if (r.failed()) {
    // As `qrt run` reports it on stderr (exit status 1).
    d["error"] = request.program->name() + ": shot " + std::to_string(r.shots.size() - 1) + " failed: " + r.shots.back().error;
  }
#endif
  return d;
}

RunRequest make_request(std::shared_ptr<Program> program, std::string device, std::uint64_t shots,
                        std::optional<std::uint64_t> seed, std::optional<ParameterBinding> params) {
  return {std::move(program), std::move(device), shots, seed, params.value_or(ParameterBinding{})};
}

py::dict run(std::shared_ptr<Program> program, std::string device, std::uint64_t shots, std::optional<std::uint64_t> seed,
             std::optional<ParameterBinding> params) {
  RunRequest request = make_request(std::move(program), std::move(device), shots, seed, std::move(params));
  Outcome outcome;
  run_stoppable([&](Stoppable& stop) {
#ifdef QRT_HAVE_QIR
    if (request.program->kind() == ProgramKind::Qir) {
      stop.arm();
      outcome = run_qir(request, request.device, &stop.progress);
      return;
    }
#endif
    Device d = runtime()->open(request.device);
    outcome = run_qasm(request, d, &stop);
  });
  return to_python(std::move(outcome), request);
}

// Queues the run on the process executor; `deliver(result_dict, exception)` is called on an executor
// thread with the GIL held once it is done (qrt/__init__.py completes the Future there).
void submit(std::shared_ptr<Program> program, std::string device, std::uint64_t shots, std::optional<std::uint64_t> seed,
            std::optional<ParameterBinding> params, py::function deliver) {
  auto request = std::make_shared<RunRequest>(make_request(std::move(program), std::move(device), shots, seed, std::move(params)));
  auto callback = std::make_shared<PythonCallback>(std::move(deliver));
  Executor& ex = executor();
  auto task = [request, callback](Device& d) {
    std::optional<Outcome> outcome;
    std::exception_ptr error;
    try {
#ifdef QRT_HAVE_QIR
      if (request->program->kind() == ProgramKind::Qir) {
        std::string exact = exact_config(d);
        d.release();  // the QIR driver opens it again from the pool, per shot
        outcome = run_qir(*request, exact, nullptr);
      }
#endif
      if (!outcome) outcome = run_qasm(*request, d, nullptr);
    } catch (...) {
      error = std::current_exception();
    }
    d.release();
    py::gil_scoped_acquire locked;
    try {
      if (error)
        callback->function(py::none(), exception_object(error));
      else
        callback->function(to_python(std::move(*outcome), *request), py::none());
    } catch (py::error_already_set& e) {
      e.discard_as_unraisable("qrt.submit: delivering a result");
    }
    // The Python objects go with the GIL held.
    callback->function = py::function();
    return 0;
  };
  py::gil_scoped_release unlocked;
  ex.submit(request->device, std::move(task));  // the std::future is not needed: deliver has the outcome
}

}  // namespace

std::shared_ptr<Runtime> runtime() { return process_runtime(); }

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

void Stoppable::arm_if_long(const program::LoweredProgram& lowered, std::uint64_t shots) {
  constexpr double kLong = 1 << 20;  // amplitude updates (or samples): about a millisecond
  const double amplitudes = std::ldexp(1.0, static_cast<int>(lowered.num_qubits));
  const double work = static_cast<double>(lowered.operations.size()) * amplitudes * static_cast<double>(shots > 0 ? shots : 1);
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

void bind_runs(py::module_& m) {
  g_main_thread = py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();
  m.def("_run", &run, py::arg("program"), py::arg("device"), py::arg("shots"), py::arg("seed"), py::arg("params"));
  m.def("_submit", &submit, py::arg("program"), py::arg("device"), py::arg("shots"), py::arg("seed"),
        py::arg("params"), py::arg("deliver"));
  m.def("_shutdown", &shutdown);
  m.def("_executor_workers", [] { return executor().workers(); });
  m.def("_pool_stats", [] {
    PoolStats s = runtime()->pool_stats();
    py::dict d;
    d["hits"] = s.hits;
    d["misses"] = s.misses;
    d["creations"] = s.creations;
    d["active"] = s.active;
    d["inactive"] = s.inactive;
    return d;
  });
}

}  // namespace qrt::python
