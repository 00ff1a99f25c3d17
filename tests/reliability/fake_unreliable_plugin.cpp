// fake.unreliable — a C++ SDK device that misbehaves on request, for the reliability tests:
//   attempt=...  what the native gate `attempt` (QASM: `opaque attempt a; attempt q[0];`) tries to do from
//                device code: none, system (std::system), execve, fork, write_file (fopen "w"), socket,
//                ptrace, signal_parent (kill(getppid(), 0)), read_file and thread (allowed in a sandbox).
//                `target` is the file the shell command, write_file and read_file use.
//   fault=...    what its results get wrong: none, nan_probs, inf_probs, negative_probs, unnormalised_probs,
//                nan_expval, inf_var, nan_state, unnormalised_state.
// Otherwise a tiny classical simulator (basis states: PauliX flips a bit), so ordinary programs work. It
// has no set_seed (the SDK's default says "unsupported"): set_seed is optional in the ABI.
#include <qrt/plugin.hpp>

#include <fcntl.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <thread>
#include <vector>

namespace {

using qrt::sdk::Complex;
using qrt::sdk::Wire;

class UnreliableDevice final : public qrt::sdk::Device {
 public:
  static constexpr std::string_view name = "fake.unreliable";
  static constexpr std::string_view version = "0.1.0";
  static constexpr std::string_view description = "fake device that escapes or returns garbage on request";

  static qrt::sdk::Schema schema() {
    return qrt::sdk::Schema()
        .integer("shots", 0, "shots; 0 = analytic", 0)
        .string("attempt", "none", "what the gate `attempt` tries",
                {"none", "system", "execve", "fork", "write_file", "socket", "ptrace", "signal_parent", "read_file",
                 "thread"})
        .string("target", "", "the file of system, write_file and read_file")
        .string("fault", "none", "what the results get wrong",
                {"none", "nan_probs", "inf_probs", "negative_probs", "unnormalised_probs", "nan_expval", "inf_var",
                 "nan_state", "unnormalised_state"});
  }
  static qrt::sdk::Capabilities capabilities() {
    qrt::sdk::Capabilities c;
    c.gates = {"PauliX", "attempt"};
    c.observables = {"PauliZ"};
    c.measurements = {"probs", "sample", "expval", "var", "state", "measure"};
    c.shots = true;
    c.state = true;
    c.mid_circuit_measurement = true;
    return c;
  }

  explicit UnreliableDevice(const qrt::sdk::Kwargs& kwargs)
      : default_shots_(static_cast<std::uint64_t>(kwargs.integer("shots"))),
        shots_(default_shots_),
        attempt_(kwargs.string("attempt")),
        target_(kwargs.string("target")),
        fault_(kwargs.string("fault")) {}

  void reset() override {
    bits_.clear();
    shots_ = default_shots_;
  }
  std::vector<Wire> allocate_qubits(std::size_t count) override {
    std::vector<Wire> wires(count);
    for (auto& w : wires) {
      w = bits_.size();
      bits_.push_back(0);
    }
    return wires;
  }
  void release_qubits(std::span<const Wire>) override { bits_.clear(); }
  std::size_t num_qubits() const override { return bits_.size(); }

  void apply_gate(const qrt::sdk::GateCall& call) override {
    if (call.id == 1) return try_it();
    for (auto w : call.wires) bits_.at(w) ^= 1;
  }

  int measure(Wire wire, std::optional<int>) override { return bits_.at(wire); }
  void probs(std::span<const Wire> wires, std::span<double> out) override {
    for (auto& p : out) p = 0;
    out[index_of(wires)] = 1;
    if (fault_ == "nan_probs") out[out.size() - 1] = std::numeric_limits<double>::quiet_NaN();
    if (fault_ == "inf_probs") out[0] = std::numeric_limits<double>::infinity();
    if (fault_ == "negative_probs" && out.size() > 1) out[index_of(wires) ^ 1] = -0.25;
    if (fault_ == "unnormalised_probs") out[index_of(wires)] = 0.5;
  }
  double expval(const qrt::sdk::Observable&) override {
    return fault_ == "nan_expval" ? std::numeric_limits<double>::quiet_NaN() : 1.0;
  }
  double var(const qrt::sdk::Observable&) override {
    return fault_ == "inf_var" ? std::numeric_limits<double>::infinity() : 0.0;
  }
  std::size_t state_size() override { return std::size_t{1} << bits_.size(); }
  void state(std::span<Complex> out) override {
    for (auto& a : out) a = 0;
    out[index_of({})] = 1;
    if (fault_ == "nan_state") out[out.size() - 1] = {0.0, std::numeric_limits<double>::quiet_NaN()};
    if (fault_ == "unnormalised_state") out[index_of({})] = 2;
  }
  void sample(std::span<const Wire> wires, std::span<std::uint8_t> out) override {
    const std::size_t columns = wires.empty() ? bits_.size() : wires.size();
    for (std::size_t row = 0; row < shots_; ++row)
      for (std::size_t c = 0; c < columns; ++c) out[row * columns + c] = bits_.at(wires.empty() ? c : wires[c]);
  }
  void set_shots(std::uint64_t shots) override { shots_ = shots; }
  std::uint64_t shots() const override { return shots_; }

 private:
  std::size_t index_of(std::span<const Wire> wires) const {  // first wire most significant; empty: all
    std::size_t index = 0;
    if (wires.empty())
      for (auto b : bits_) index = (index << 1) | b;
    for (auto w : wires) index = (index << 1) | bits_.at(w);
    return index;
  }

  // Does what `attempt` names. An escape that works returns normally (the run succeeds: the tests then
  // fail); an allowed action that fails throws.
  void try_it() {
    const std::string shell_command = "echo escaped > '" + target_ + "'";
    if (attempt_ == "system") {
      (void)std::system(shell_command.c_str());
    } else if (attempt_ == "execve") {
      const char* argv[] = {"/bin/sh", "-c", shell_command.c_str(), nullptr};
      ::execve("/bin/sh", const_cast<char* const*>(argv), environ);
    } else if (attempt_ == "fork") {
      if (const pid_t child = ::fork(); child == 0) {
        ::_exit(0);
      } else if (child > 0) {
        ::waitpid(child, nullptr, 0);
      }
    } else if (attempt_ == "write_file") {
      if (std::FILE* f = std::fopen(target_.c_str(), "w")) {
        std::fputs("escaped\n", f);
        std::fclose(f);
      }
    } else if (attempt_ == "socket") {
      if (const int s = ::socket(AF_INET, SOCK_STREAM, 0); s >= 0) ::close(s);
    } else if (attempt_ == "ptrace") {
      errno = 0;
      (void)::ptrace(PTRACE_PEEKDATA, ::getppid(), nullptr, nullptr);
    } else if (attempt_ == "signal_parent") {
      (void)::kill(::getppid(), 0);  // signal 0: only asks whether it could
    } else if (attempt_ == "read_file") {
      std::ifstream in(target_);
      std::string line;
      if (!std::getline(in, line)) qrt::sdk::throw_failed_precondition("fake.unreliable: cannot read " + target_);
    } else if (attempt_ == "thread") {
      bool ran = false;
      std::thread worker([&] { ran = true; });
      worker.join();
      if (!ran) qrt::sdk::throw_failed_precondition("fake.unreliable: the thread did not run");
    }
  }

  std::uint64_t default_shots_, shots_;
  std::string attempt_, target_, fault_;
  std::vector<std::uint8_t> bits_;
};

}  // namespace

QRT_PLUGIN("fake-unreliable", "0.1.0", UnreliableDevice)
