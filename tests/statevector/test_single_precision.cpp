// precision = "single" (complex64 amplitudes): every gate and random deep circuits against the
// double-precision device, measurements and observables against analytic values, memory, errors.
#include "device_helpers.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <numeric>

using namespace sv_test;
using qrt::sdk::Wire;

namespace {

GateInvocation g(std::string name, std::vector<Wire> wires, std::vector<double> params = {}) {
  return {std::move(name), std::move(params), std::move(wires), {}, {}, false};
}

std::string with_precision(const std::string& precision, const std::string& rest = "") {
  return R"({"precision": ")" + precision + "\"" + (rest.empty() ? "" : ", " + rest) + "}";
}

// A spread-out state on n wires: H on every wire, then a layer of RY/RZ with varied angles and a
// CNOT ladder, so that every amplitude is nonzero and of order 2^(-n/2).
void spread(qrt::sv::StatevectorDevice& device, unsigned n) {
  for (unsigned w = 0; w < n; ++w) {
    apply(device, g("Hadamard", {w}));
    apply(device, g("RY", {w}, {0.3 + 0.1 * w}));
    apply(device, g("RZ", {w}, {0.7 - 0.05 * w}));
  }
  for (unsigned w = 0; w + 1 < n; ++w) apply(device, g("CNOT", {w, w + 1}));
}

}  // namespace

TEST_CASE("single precision: every gate matches the double-precision device", "[device][single]") {
  constexpr unsigned n = 8;  // above the small-state path: the SIMD kernels run
  std::mt19937_64 rng(2024);
  for (const char* fusion : {"false", "true"}) {
    for (const auto& [name, ref] : gate_references()) {
      const unsigned k = ref.num_wires ? ref.num_wires : 3;
      std::vector<Wire> order(n);
      std::iota(order.begin(), order.end(), 0);
      std::shuffle(order.begin(), order.end(), rng);
      GateInvocation gate{name, {}, {order.begin(), order.begin() + k}, {}, {}, false};
      for (unsigned p = 0; p < ref.num_params; ++p)
        gate.params.push_back(std::uniform_real_distribution<double>(-3, 3)(rng));
      for (bool adjoint : {false, true}) {
        gate.adjoint = adjoint;
        const std::string rest = std::string(R"("fusion_min_qubits": 0, "fusion": )") + fusion;
        auto single = make_device(with_precision("single", rest));
        auto dbl = make_device(with_precision("double", rest));
        for (auto* d : {single.get(), dbl.get()}) {
          d->allocate_qubits(n);
          spread(*d, n);
          apply(*d, gate);
          apply(*d, gate);  // twice: a gate on lane and register qubits alike, fused or not
        }
        INFO(name << (adjoint ? " (adjoint)" : "") << " fusion=" << fusion);
        CHECK(max_difference(read_state(*single), read_state(*dbl)) < 1e-6);
      }
    }
  }
}

TEST_CASE("single precision: random circuits of depth 100 to 1000 stay within 1e-6 of double", "[device][single]") {
  // Observed (n = 10, AVX2, these seeds): max |amplitude difference| 2e-8 at depth 100, 4e-8 at 300,
  // 7e-8 at 1000; |norm - 1| 1e-7, 5e-7, 8e-7 (rounding of the stored amplitudes adds up over the
  // gates). The bounds leave an order of magnitude for other compilers and SIMD levels.
  constexpr unsigned n = 10;
  const std::pair<unsigned, double> cases[] = {{100, 1e-6}, {300, 1e-6}, {1000, 1e-6}};
  for (const auto& [depth, bound] : cases) {
    const RandomCircuit circuit = random_circuit(n, depth, 500 + depth);
    auto single = make_device(with_precision("single", R"("fusion_min_qubits": 0)"));
    auto dbl = make_device(with_precision("double"));
    single->allocate_qubits(n);
    dbl->allocate_qubits(n);
    run(*single, circuit);
    run(*dbl, circuit);
    const State s = read_state(*single);
    const double error = max_difference(s, read_state(*dbl));
    double norm = 0;
    for (const auto& a : s) norm += std::norm(a);
    INFO("depth " << depth << ": max amplitude error " << error << ", norm - 1 = " << norm - 1);
    CHECK(error < bound);
    CHECK(std::abs(norm - 1) < 1e-5);
  }
}

TEST_CASE("single precision: probabilities, expectation values and variances", "[device][single]") {
  auto device = make_device(with_precision("single", R"("seed": 3)"));
  device->allocate_qubits(3);
  apply(*device, g("RX", {0}, {0.6}));
  apply(*device, g("Hadamard", {1}));
  apply(*device, g("CNOT", {1, 2}));
  const double c = std::cos(0.6);
  using qrt::sdk::ObservableKind;
  const qrt::sdk::Observable z0{{{1.0, {{ObservableKind::PauliZ, {0}, {}}}}}};
  const qrt::sdk::Observable xx12{{{1.0, {{ObservableKind::PauliX, {1}, {}}, {ObservableKind::PauliX, {2}, {}}}}}};
  const qrt::sdk::Observable h0{{{1.0, {{ObservableKind::Hadamard, {0}, {}}}}}};
  const qrt::sdk::Observable sum{
      {{0.5, {{ObservableKind::PauliZ, {0}, {}}}}, {2.0, {{ObservableKind::PauliZ, {1}, {}}}}}};
  CHECK(device->expval(z0) == Approx(c).margin(1e-6));
  CHECK(device->var(z0) == Approx(1 - c * c).margin(1e-6));
  CHECK(device->expval(xx12) == Approx(1.0).margin(1e-6));
  CHECK(device->expval(h0) == Approx(c / std::sqrt(2.0)).margin(1e-6));      // <RX(t)0|H|RX(t)0> = cos t / sqrt 2
  CHECK(device->var(sum) == Approx(0.25 * (1 - c * c) + 4.0).margin(1e-5));  // independent: variances add

  std::vector<double> p(8);
  device->probs({}, p);
  const double p0 = (1 + c) / 2, p1 = (1 - c) / 2;
  const double expected[8] = {p0 / 2, 0, 0, p0 / 2, p1 / 2, 0, 0, p1 / 2};
  for (int i = 0; i < 8; ++i) CHECK(p[i] == Approx(expected[i]).margin(1e-7));
  CHECK(std::accumulate(p.begin(), p.end(), 0.0) == Approx(1.0).margin(1e-7));
}

TEST_CASE("single precision: sampling and mid-circuit measurement", "[device][single]") {
  auto single = make_device(with_precision("single", R"("seed": 11, "shots": 2000)"));
  auto dbl = make_device(with_precision("double", R"("seed": 11, "shots": 2000)"));
  for (auto* d : {single.get(), dbl.get()}) {
    d->allocate_qubits(2);
    apply(*d, g("RY", {0}, {1.1}));
    apply(*d, g("CNOT", {0, 1}));
  }
  std::vector<std::uint8_t> a(4000), b(4000);
  single->sample({}, a);
  dbl->sample({}, b);
  CHECK(a == b);  // same seed, probabilities equal to ~1e-7: the same draws
  for (std::size_t shot = 0; shot < 2000; ++shot) CHECK(a[2 * shot] == a[2 * shot + 1]);  // correlated

  // Measuring collapses the single-precision state, renormalised.
  const int outcome = single->measure(0, std::nullopt);
  std::vector<double> p(4);
  single->probs({}, p);
  CHECK(p[outcome == 0 ? 0 : 3] == Approx(1.0).margin(1e-6));
  single->reset_wire(0);
  single->reset_wire(1);
  single->probs({}, p);
  CHECK(p[0] == Approx(1.0).margin(1e-6));
}

TEST_CASE("single precision: state() widens exactly, memory is half", "[device][single]") {
  auto single = make_device(with_precision("single"));
  auto dbl = make_device(with_precision("double"));
  single->allocate_qubits(20);
  dbl->allocate_qubits(20);
  apply(*single, g("Hadamard", {0}));
  const State s = read_state(*single);
  CHECK(s[0] == Complex(static_cast<float>(M_SQRT1_2)));  // the stored complex64 value, widened
  CHECK(s[std::size_t{1} << 19] == Complex(static_cast<float>(M_SQRT1_2)));
  // 8 vs 16 bytes per amplitude; the device object itself is the same.
  CHECK(dbl->memory_bytes() - single->memory_bytes() == (std::uint64_t{8} << 20));
}

TEST_CASE("single precision: a bad precision value names the kwarg and the allowed values",
          "[device][single][errors]") {
  CHECK_THROWS_WITH(make_device(R"({"precision": "half"})"),
                    Catch::Contains("kwarg 'precision'") && Catch::Contains("\"double\", \"single\""));
  CHECK_THROWS_WITH(make_device(R"({"precision": 32})"), Catch::Contains("precision") && Catch::Contains("string"));
  qrt::sv::DeviceOptions options;
  options.precision = qrt::sv::Precision::Single;
  CHECK(qrt::sv::StatevectorDevice(options).options().amplitude_bytes() == 8);
}
