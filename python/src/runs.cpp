// qrt.run and qrt.submit: one program with qrt::run on a pooled device of the process runtime, on the calling
// thread (Ctrl-C stops it) or on the process executor (a concurrent.futures.Future).
#include "bindings.hpp"

#include <qrt/distributed_readout.hpp>
#include <qrt/executor.hpp>

#include <complex>
#include <span>

#include <mutex>

namespace qrt::python {
namespace {

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

// A device that spans MPI ranks (statevector.mpi under mpirun) keeps its tables: rank 0 receives them piece by
// piece and the other ranks hold nothing (their result has no probabilities or state). Every rank makes the
// same collective calls.
void read_out_on_rank_zero(Device& device, RunResult& r) {
  if (!r.probabilities_on_device && !r.state_on_device) return;
  const std::optional<DistributedReadout> readout = DistributedReadout::of(device);
  const std::vector<Wire> wires(r.wires.rbegin(), r.wires.rend());  // qubit n-1 ... qubit 0: index bit k is qubit k
  if (r.probabilities_on_device)
    readout->probabilities(wires, [&](std::uint64_t, std::span<const double> values) {
      r.probabilities.insert(r.probabilities.end(), values.begin(), values.end());
    });
  if (r.state_on_device) {
    const std::complex<double> phase = std::polar(1.0, r.global_phase);
    readout->state(wires, [&](std::uint64_t, std::span<const std::complex<double>> values) {
      for (const auto& a : values) r.state.push_back(r.global_phase != 0 ? a * phase : a);
    });
  }
}

py::dict run(const std::shared_ptr<Program>& program, const std::string& device, std::optional<std::uint64_t> shots,
             std::optional<std::uint64_t> seed, const std::optional<ParameterBinding>& params) {
  RunResult result;
  run_stoppable([&](Stoppable& stop) {
    RunRequest request = python_request(program->loaded(), shots, seed, params);
    request.progress = &stop.progress;
    stop.arm_if_long(program->loaded(), shots.value_or(0));
    Device d = runtime()->open(DeviceSpec::parse(device));
    result = qrt::run(program->loaded(), d, request);
    read_out_on_rank_zero(d, result);
  });
  return to_python(std::move(result), program->loaded(), device);
}

// Queues the run on the process executor. When a worker takes it, `start()` is called with the GIL held: it
// returns False for a Future cancelled meanwhile (concurrent.futures' set_running_or_notify_cancel), and the
// run is skipped. Otherwise `deliver(result_dict, exception)` is called on that thread with the GIL held once
// the run is done (qrt/__init__.py completes the Future there).
void submit(const std::shared_ptr<Program>& program, const std::string& device, std::optional<std::uint64_t> shots,
            std::optional<std::uint64_t> seed, const std::optional<ParameterBinding>& params, py::function start,
            py::function deliver) {
  auto starter = std::make_shared<PythonCallback>(std::move(start));
  auto callback = std::make_shared<PythonCallback>(std::move(deliver));
  const DeviceSpec spec = DeviceSpec::parse(device);
  auto task = [program, device, request = python_request(program->loaded(), shots, seed, params), starter,
               callback](Device& d) {
    {
      py::gil_scoped_acquire locked;
      bool go = false;
      try {
        go = starter->function().cast<bool>();
      } catch (py::error_already_set& e) {
        e.discard_as_unraisable("qrt.submit: starting a run");
      }
      starter->function = py::function();
      if (!go) {
        callback->function = py::function();
        return 0;
      }
    }
    std::optional<RunResult> result;
    std::exception_ptr error;
    try {
      result = qrt::run(program->loaded(), d, request);
      read_out_on_rank_zero(d, *result);
    } catch (...) {
      error = std::current_exception();
    }
    d.release();
    py::gil_scoped_acquire locked;
    try {
      if (error) callback->function(py::none(), exception_object(error));
      else callback->function(to_python(std::move(*result), program->loaded(), device), py::none());
    } catch (py::error_already_set& e) {
      e.discard_as_unraisable("qrt.submit: delivering a result");
    }
    // The Python objects go with the GIL held.
    callback->function = py::function();
    return 0;
  };
  py::gil_scoped_release unlocked;
  executor().submit(spec, std::move(task));  // the std::future is not needed: deliver has the outcome
}

}  // namespace

std::shared_ptr<Runtime> runtime() { return process_runtime(); }

RunRequest python_request(const LoadedProgram& program, std::optional<std::uint64_t> shots,
                          std::optional<std::uint64_t> seed, const std::optional<ParameterBinding>& params) {
  RunRequest request;
  // A circuit gives its final state whenever it is defined: qrt.Result has probabilities and state.
  request.probabilities = request.state = request.final_state_if_defined = !program.info().shot_by_shot;
  request.shots = shots;
  request.seed = seed;
  request.params = params.value_or(ParameterBinding{});
  return request;
}

void bind_runs(py::module_& m) {
  remember_main_thread();
  m.def("_run", &run, py::arg("program"), py::arg("device"), py::arg("shots"), py::arg("seed"), py::arg("params"));
  m.def("_submit", &submit, py::arg("program"), py::arg("device"), py::arg("shots"), py::arg("seed"), py::arg("params"),
        py::arg("start"), py::arg("deliver"));
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
