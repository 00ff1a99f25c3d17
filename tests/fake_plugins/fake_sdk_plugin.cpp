// fake.throws — a C++ SDK device whose constructor throws what its `throw` kwarg names, so the tests see
// every kind of exception become an error value at the SDK boundary (never an exception across the C
// ABI). With throw=none it is created and keeps the SDK's defaults ("unsupported") for what it lacks.
// It also offers one made-up extension, "qrt.test_echo/1", so the tests see extensions found by id, and
// "qrt.synchronize/1", whose calls it counts (made-up "qrt.test_synchronized/1" reads the count) and which
// fails on purpose with sync_fails=true.
#include <qrt/plugin.hpp>
#include <qrt/sdk/synchronize.hpp>

#include <atomic>
#include <cstdint>
#include <new>
#include <stdexcept>
#include <string_view>

// The made-up extension's struct (a real one lives in qrt/extensions/*.h).
extern "C" typedef struct fake_echo_extension {
  size_t struct_size;
  const char* greeting;
  uint64_t (*echo)(uint64_t value);
} fake_echo_extension;

extern "C" typedef struct fake_synchronized_extension {
  size_t struct_size;
  uint64_t (*count)(void);  // synchronize calls so far, over every instance
} fake_synchronized_extension;

namespace {

std::atomic<uint64_t> synchronize_calls{0};
const fake_synchronized_extension kSynchronized{sizeof(fake_synchronized_extension),
                                                []() -> uint64_t { return synchronize_calls.load(); }};

const fake_echo_extension kEcho{sizeof(fake_echo_extension), "hello from fake.throws",
                                [](uint64_t value) -> uint64_t { return value + 1; }};

class ThrowingDevice final : public qrt::sdk::Device {
 public:
  static constexpr std::string_view name = "fake.throws";
  static constexpr std::string_view version = "0.1.0";
  static constexpr std::string_view description = "fake device whose constructor throws on request";

  static qrt::sdk::Schema schema() {
    return qrt::sdk::Schema()
        .string("throw", "std_exception", "what the constructor throws",
                {"none", "std_exception", "sdk_error", "bad_alloc", "non_std"})
        .boolean("sync_fails", false, "synchronize fails (out of memory) on purpose");
  }
  static qrt::sdk::Capabilities capabilities() { return {}; }
  static const void* extension(std::string_view id) noexcept {
    if (id == "qrt.test_echo/1") return &kEcho;
    if (id == "qrt.test_synchronized/1") return &kSynchronized;
    if (id == QRT_EXTENSION_SYNCHRONIZE) return qrt::sdk::synchronize_extension<ThrowingDevice>();
    return nullptr;
  }

  void synchronize() {
    ++synchronize_calls;
    if (sync_fails_) throw qrt::sdk::Error(QRT_ERROR_OUT_OF_MEMORY, "fake.throws: deferred work failed on purpose");
  }

  explicit ThrowingDevice(const qrt::sdk::Kwargs& kwargs) : sync_fails_(kwargs.boolean("sync_fails")) {
    const std::string& what = kwargs.string("throw");
    if (what == "std_exception") throw std::runtime_error("fake.throws: constructor failed on purpose");
    if (what == "sdk_error") throw qrt::sdk::Error(QRT_ERROR_OUT_OF_RANGE, "fake.throws: sdk error on purpose");
    if (what == "bad_alloc") throw std::bad_alloc();
    if (what == "non_std") throw 42;
  }

  void reset() override { qubits_ = 0; }
  std::vector<qrt::sdk::Wire> allocate_qubits(std::size_t count) override {
    std::vector<qrt::sdk::Wire> wires(count);
    for (auto& w : wires) w = qubits_++;
    return wires;
  }
  void release_qubits(std::span<const qrt::sdk::Wire> wires) override {
    if (wires.size() > qubits_) qrt::sdk::throw_invalid_argument("fake.throws: releasing more qubits than allocated");
    qubits_ -= wires.size();
  }
  std::size_t num_qubits() const override { return qubits_; }

 private:
  bool sync_fails_ = false;
  std::size_t qubits_ = 0;
};

}  // namespace

QRT_PLUGIN("fake-sdk-throws", "0.1.0", ThrowingDevice)
