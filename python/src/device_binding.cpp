// qrt.Device's native part: a device instance borrowed from the process runtime's pool. Each run starts
// from a reset instance (the pool resets it when it is given back); the results are read from the device
// in the run's qubit order (qubit k = bit k, as `qrt run` prints them).
#include "bindings.hpp"

#include <qrt/observable.hpp>

#include <complex>

namespace qrt::python {
namespace {

class NativeDevice {
 public:
  explicit NativeDevice(std::string config) : config_(std::move(config)), runtime_(runtime()) {
    py::gil_scoped_release unlocked;  // creating a device may allocate a large state
    device_ = runtime_->open(config_);
  }

  void run(const Program& program, const std::optional<ParameterBinding>& params) {
    auto parsed = program.qasm(params.value_or(ParameterBinding{}));
    run_stoppable([&](Stoppable& stop) {
      Device& d = live();
      if (d.num_qubits() != 0) {  // a fresh start: back to the pool (reset) and out again, a pool hit
        d.release();
        d = runtime_->open(config_);
      }
      RunOptions options;
      options.progress = &stop.progress;
      wires_.clear();
      const program::LoweredProgram lowered = lower_for(*parsed, gate_set_of(d.type()), options);
      stop.arm_if_long(lowered, 0);
      if (is_dynamic(lowered))
        throw Error(ErrorCode::FailedPrecondition,
                    program.name() + " measures mid-circuit: its final state is not defined; run it with qrt.run(..., shots=N)");
      RunResult r = run_lowered(*parsed, lowered, d, options);
      wires_ = std::move(r.wires);
      global_phase_ = r.global_phase;
      ran_ = true;
    });
  }

  py::array_t<std::complex<double>> state() {
    Device& d = ran_device("state");
    const std::size_t size = d.state_size();
    py::array_t<std::complex<double>> out(static_cast<py::ssize_t>(size));
    std::span<std::complex<double>> buffer(out.mutable_data(), size);
    {
      py::gil_scoped_release unlocked;
      final_state_into(d, global_phase_, buffer);
    }
    return out;
  }

  py::array_t<double> probabilities() {
    Device& d = ran_device("probabilities");
    std::vector<double> p;
    {
      py::gil_scoped_release unlocked;
      p = d.probs(high_first());
    }
    return to_numpy(std::move(p));
  }

  double expval(const std::string& word) {
    Device& d = ran_device("expval");
    if (word.size() != wires_.size())
      throw Error(ErrorCode::InvalidArgument, "Pauli word '" + word + "' has " + std::to_string(word.size()) +
                                                  " letters; the circuit has " + std::to_string(wires_.size()) + " qubits");
    Observable observable = Observable::pauli_word(word, high_first());
    py::gil_scoped_release unlocked;
    return d.expval(observable);
  }

  py::dict counts(std::uint64_t shots, std::optional<std::uint64_t> seed) {
    Device& d = ran_device("counts");
    if (shots == 0) throw Error(ErrorCode::InvalidArgument, "counts: shots must be at least 1");
    if (wires_.size() > 64) throw Error(ErrorCode::OutOfRange, "counts: at most 64 qubits");
    std::map<std::uint64_t, std::uint64_t> raw;
    {
      py::gil_scoped_release unlocked;
      d.set_shots(shots);
      if (seed) d.set_seed(*seed);
      raw = d.counts(high_first());
      d.set_shots(0);
    }
    py::dict out;
    for (const auto& [outcome, count] : raw) out[py::str(bitstring(outcome, wires_.size()))] = count;
    return out;
  }

  std::size_t num_qubits() const { return wires_.size(); }
  const std::string& config() const { return config_; }
  std::string name() { return live().name(); }
  std::string canonical_kwargs() { return live().canonical_kwargs(); }
  bool active() const { return static_cast<bool>(device_); }
  void release() {
    device_.release();
    wires_.clear();
    ran_ = false;
  }

 private:
  Device& live() {
    if (!device_) throw Error(ErrorCode::State, config_ + ": the device was released (qrt.Device left its `with` block)");
    return device_;
  }
  Device& ran_device(const char* what) {
    Device& d = live();
    if (!ran_) throw Error(ErrorCode::State, std::string(what) + ": no program has run on this device yet (call run first)");
    return d;
  }
  std::vector<Wire> high_first() const { return {wires_.rbegin(), wires_.rend()}; }  // qubit n-1 ... qubit 0

  std::string config_;
  std::shared_ptr<Runtime> runtime_;
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
