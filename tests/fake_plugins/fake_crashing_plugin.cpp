// fake.crash.* — C++ SDK devices for the isolation tests, one variant per way of dying, chosen at build
// time by FAKE_CRASH_MODE (the device name is FAKE_CRASH_DEVICE). The device is a tiny classical
// simulator (basis states only: PauliX flips a bit) so that ordinary programs work; the native gate
// `boom` (reachable from QASM as `opaque boom a; boom q[0];`) triggers the failure:
//   1 segfault (a store to an unmapped address)   2 abort()   3 exit(3)   4 an endless loop
//   5 a huge allocation, touched (64 GiB: bad_alloc under the worker's memory limit)
// These libraries are built into the isolation tests' own folder: loading one in-process is harmless, but
// running `boom` in-process would take the test down, which is the point of isolating it.
#include <qrt/plugin.hpp>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <vector>

#ifndef FAKE_CRASH_MODE
#error "define FAKE_CRASH_MODE (1..5) and FAKE_CRASH_DEVICE"
#endif

namespace {

std::atomic<bool> keep_looping{true};  // never cleared: the loop cannot be proven endless and removed

[[noreturn]] void fail() {
#if FAKE_CRASH_MODE == 1
  volatile std::uintptr_t address = 16;  // not a null constant: the compiler cannot turn it into a trap
  *reinterpret_cast<volatile int*>(address) = 1;
  std::abort();
#elif FAKE_CRASH_MODE == 2
  std::abort();
#elif FAKE_CRASH_MODE == 3
  std::exit(3);
#elif FAKE_CRASH_MODE == 4
  while (keep_looping.load(std::memory_order_relaxed)) {
  }
  std::abort();
#elif FAKE_CRASH_MODE == 5
  std::vector<char> hog(std::size_t{64} << 30, 1);
  qrt::sdk::throw_invalid_argument("allocated " + std::to_string(hog.size()) + " bytes");
#endif
}

class CrashingDevice final : public qrt::sdk::Device {
 public:
  static constexpr std::string_view name = FAKE_CRASH_DEVICE;
  static constexpr std::string_view version = "0.1.0";
  static constexpr std::string_view description = "fake device that dies on the gate `boom`";

  static qrt::sdk::Schema schema() {
    return qrt::sdk::Schema().integer("shots", 0, "shots; 0 = analytic", 0).integer("seed", 0, "ignored", 0);
  }
  static qrt::sdk::Capabilities capabilities() {
    qrt::sdk::Capabilities c;
    c.gates = {"PauliX", "boom"};
    c.measurements = {"probs", "sample"};
    c.shots = true;
    return c;
  }

  explicit CrashingDevice(const qrt::sdk::Kwargs& kwargs)
      : default_shots_(static_cast<std::uint64_t>(kwargs.integer("shots"))), shots_(default_shots_) {}

  void reset() override {
    bits_.clear();
    shots_ = default_shots_;
  }
  std::vector<qrt::sdk::Wire> allocate_qubits(std::size_t count) override {
    std::vector<qrt::sdk::Wire> wires(count);
    for (auto& w : wires) {
      w = bits_.size();
      bits_.push_back(0);
    }
    return wires;
  }
  void release_qubits(std::span<const qrt::sdk::Wire>) override { bits_.clear(); }
  std::size_t num_qubits() const override { return bits_.size(); }

  void apply_gate(const qrt::sdk::GateCall& call) override {
    if (call.id == 1) fail();
    for (auto w : call.wires) bits_.at(w) ^= 1;
  }
  void probs(std::span<const qrt::sdk::Wire> wires, std::span<double> out) override {
    for (auto& p : out) p = 0;
    out[index_of(wires)] = 1;
  }
  void sample(std::span<const qrt::sdk::Wire> wires, std::span<std::uint8_t> out) override {
    for (std::size_t row = 0; row < shots_; ++row)
      for (std::size_t c = 0; c < wires.size(); ++c) out[row * wires.size() + c] = bits_.at(wires[c]);
  }
  void set_shots(std::uint64_t shots) override { shots_ = shots; }
  std::uint64_t shots() const override { return shots_; }
  void set_seed(std::uint64_t) override {}

 private:
  std::size_t index_of(std::span<const qrt::sdk::Wire> wires) const {  // first wire most significant
    std::size_t index = 0;
    for (auto w : wires) index = (index << 1) | bits_.at(w);
    return index;
  }

  std::uint64_t default_shots_, shots_;
  std::vector<std::uint8_t> bits_;
};

}  // namespace

QRT_PLUGIN("fake-crash", "0.1.0", CrashingDevice)
