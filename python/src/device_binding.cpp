// qrt.Device's native part: a device instance borrowed from the process runtime's pool. Each run starts from a
// reset instance (the pool resets it when it is given back) and goes through qrt::run; the results are then
// read from the device in the run's qubit order (qubit k = bit k, as `qrt run` prints them).
//
// Threads: Python threads may share one qrt.Device; its calls are serialised (one at a time, the GIL released
// while waiting), so they never overlap on the instance, which serves one thread at a time.
#include "bindings.hpp"

#include <qrt/hamiltonian.hpp>

#include <complex>
#include <mutex>
#include <type_traits>

namespace qrt::python {
namespace {

class NativeDevice {
 public:
  explicit NativeDevice(std::string config) : config_(std::move(config)), runtime_(runtime()) {
    py::gil_scoped_release unlocked;  // creating a device may allocate a large state
    device_ = runtime_->open(config_);
  }

  void run(const Program& program, const std::optional<ParameterBinding>& params) {
    run_stoppable([&](Stoppable& stop) {
      std::lock_guard lock(mutex_);
      Device& d = live();
      if (d.num_qubits() != 0) {  // a fresh start: back to the pool (reset) and out again, a pool hit
        const ResolvedDevice same = d.resolved();
        d.release();
        d = runtime_->open(same);
      }
      RunRequest request;
      request.shots = 0;
      request.leave_state_on_device = true;
      request.params = params.value_or(ParameterBinding{});
      request.progress = &stop.progress;
      stop.arm_if_long(program.loaded(), 0);
      wires_.clear();
      ran_ = false;
      RunResult r = qrt::run(program.loaded(), d, request);
      wires_ = std::move(r.wires);
      global_phase_ = r.global_phase;
      ran_ = true;
    });
  }

  // The array is allocated with the GIL held and no lock (a thread waiting for the lock may hold the GIL), then
  // filled under the lock without the GIL; should another thread have run a program of another size meanwhile,
  // it is allocated again.
  py::array_t<std::complex<double>> state() {
    for (;;) {
      const std::size_t size = locked([&] { return ran_device("state").state_size(); });
      py::array_t<std::complex<double>> out(static_cast<py::ssize_t>(size));
      std::span<std::complex<double>> buffer(out.mutable_data(), size);
      const bool filled = locked([&] {
        Device& d = ran_device("state");
        if (d.state_size() != size) return false;
        final_state_into(d, global_phase_, buffer);
        return true;
      });
      if (filled) return out;
    }
  }

  py::array_t<double> probabilities() {
    return to_numpy(locked([&] { return ran_device("probabilities").probs(high_first()); }));
  }

  double expval(const std::string& observable_text) {  // a Pauli word or a Hamiltonian (hamiltonian.hpp)
    return locked([&] {
      Device& d = ran_device("expval");
      return d.expval(Hamiltonian::parse(observable_text).observable(high_first()));
    });
  }

  py::dict counts(std::uint64_t shots, std::optional<std::uint64_t> seed) {
    std::size_t n = 0;
    const auto raw = locked([&] {
      Device& d = ran_device("counts");
      if (shots == 0) throw Error(ErrorCode::InvalidArgument, "counts: shots must be at least 1");
      if (wires_.size() > 64) throw Error(ErrorCode::OutOfRange, "counts: at most 64 qubits");
      d.set_shots(shots);
      if (seed) d.set_seed(*seed);
      auto sampled = d.counts(high_first());
      d.set_shots(0);
      n = wires_.size();
      return sampled;
    });
    py::dict out;
    for (const auto& [outcome, count] : raw) out[py::str(bitstring(outcome, n))] = count;
    return out;
  }

  std::size_t num_qubits() {
    return locked([&] { return wires_.size(); });
  }
  const std::string& config() const { return config_; }
  std::string name() {
    return locked([&] { return live().name(); });
  }
  std::string canonical_kwargs() {
    return locked([&] { return live().canonical_kwargs(); });
  }
  bool active() {
    return locked([&] { return static_cast<bool>(device_); });
  }
  void release() {
    locked([&] {  // waits for a run on another thread to end
      device_.release();
      wires_.clear();
      ran_ = false;
    });
  }

 private:
  // Runs `work` holding the lock, the GIL released while waiting for it and meanwhile: a thread holding the GIL
  // never waits for the lock.
  template <class Work>
  std::invoke_result_t<Work&> locked(Work&& work) {
    py::gil_scoped_release unlocked;
    std::lock_guard lock(mutex_);
    return work();
  }

  Device& live() {
    if (!device_)
      throw Error(ErrorCode::State, config_ + ": the device was released (qrt.Device left its `with` block)");
    return device_;
  }
  Device& ran_device(const char* what) {
    Device& d = live();
    if (!ran_)
      throw Error(ErrorCode::State, std::string(what) + ": no program has run on this device yet (call run first)");
    return d;
  }
  std::vector<Wire> high_first() const { return {wires_.rbegin(), wires_.rend()}; }  // qubit n-1 ... qubit 0

  const std::string config_;
  const std::shared_ptr<Runtime> runtime_;
  std::mutex mutex_;  // guards everything below: one call at a time on the instance
  Device device_;
  std::vector<Wire> wires_;
  double global_phase_ = 0;
  bool ran_ = false;
};

}  // namespace

std::string bitstring(std::uint64_t value, std::size_t bits) {
  std::string s(bits, '0');
  for (std::size_t k = 0; k < bits; ++k)
    if ((value >> k) & 1u) s[bits - 1 - k] = '1';
  return s;
}

void bind_device(py::module_& m) {
  py::class_<NativeDevice>(m, "_NativeDevice")
      .def(py::init<std::string>(), py::arg("config"))
      .def("run", &NativeDevice::run, py::arg("program"), py::arg("params"))
      .def("state", &NativeDevice::state)
      .def("probabilities", &NativeDevice::probabilities)
      .def("expval", &NativeDevice::expval, py::arg("word"))
      .def("counts", &NativeDevice::counts, py::arg("shots"), py::arg("seed"))
      .def("release", &NativeDevice::release)
      .def_property_readonly("num_qubits", &NativeDevice::num_qubits)
      .def_property_readonly("config", &NativeDevice::config)
      .def_property_readonly("name", &NativeDevice::name)
      .def_property_readonly("canonical_kwargs", &NativeDevice::canonical_kwargs)
      .def_property_readonly("active", &NativeDevice::active);
}

}  // namespace qrt::python
