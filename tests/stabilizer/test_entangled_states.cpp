// Bell and GHZ states: analytic correlations, and a 1,000-qubit GHZ state sampled 1,000 times.
#include "device_harness.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace stab_test;

namespace {

std::vector<Wire> prepare_ghz(Device& device, std::size_t n) {
  const std::vector<Wire> wires = device.allocate_qubits(n);
  apply(device, "Hadamard", {wires[0]});
  for (std::size_t i = 1; i < n; ++i) apply(device, "CNOT", {wires[i - 1], wires[i]});
  return wires;
}

}  // namespace

TEST_CASE("Bell state correlations", "[stabilizer][ghz]") {
  auto device = make_device();
  const std::vector<Wire> w = prepare_ghz(*device, 2);
  // (|00> + |11>) / sqrt(2): XX = +1, YY = -1, ZZ = +1, single-qubit Paulis average to 0.
  CHECK(device->expval(pauli_observable("XX", w)) == 1.0);
  CHECK(device->expval(pauli_observable("YY", w)) == -1.0);
  CHECK(device->expval(pauli_observable("ZZ", w)) == 1.0);
  CHECK(device->expval(pauli_observable("XY", w)) == 0.0);
  CHECK(device->expval(pauli_observable("ZI", w)) == 0.0);
  CHECK(device->expval(pauli_observable("IX", w)) == 0.0);
  CHECK(device->var(pauli_observable("ZI", w)) == 1.0);
  CHECK(device->var(pauli_observable("YY", w)) == 0.0);
  std::vector<double> p(4);
  device->probs({}, p);
  CHECK(p == std::vector<double>{0.5, 0, 0, 0.5});
  // Measuring one half fixes the other.
  const int first = device->measure(w[0], std::nullopt);
  CHECK(device->measure(w[1], std::nullopt) == first);
  CHECK(device->expval(pauli_observable("ZI", w)) == (first ? -1.0 : 1.0));
}

TEST_CASE("GHZ correlations on 3 and 130 qubits (across word boundaries)", "[stabilizer][ghz]") {
  auto device = make_device();
  const std::vector<Wire> w = prepare_ghz(*device, 3);
  CHECK(device->expval(pauli_observable("XXX", w)) == 1.0);
  CHECK(device->expval(pauli_observable("XYY", w)) == -1.0);
  CHECK(device->expval(pauli_observable("YXY", w)) == -1.0);
  CHECK(device->expval(pauli_observable("ZZI", w)) == 1.0);
  CHECK(device->expval(pauli_observable("ZZZ", w)) == 0.0);

  auto large = make_device();
  const std::vector<Wire> many = prepare_ghz(*large, 130);
  CHECK(large->expval(pauli_observable(std::string(130, 'X'), many)) == 1.0);
  std::string word(130, 'I');
  word[0] = word[64] = word[129] = 'Y';
  word[1] = 'X';
  // A word of X and Y factors maps |0...0> to i^(#Y) |1...1> when it flips every qubit, giving
  // <P> = Re(i^(#Y)); flipping only some qubits gives an orthogonal state and <P> = 0.
  CHECK(large->expval(pauli_observable(word, many)) == 0.0);
  word = std::string(130, 'X');
  word[3] = word[70] = 'Y';
  CHECK(large->expval(pauli_observable(word, many)) == -1.0);
  std::string zz(130, 'I');
  zz[5] = zz[127] = 'Z';
  CHECK(large->expval(pauli_observable(zz, many)) == 1.0);
  std::vector<double> p(4);
  large->probs(std::vector<Wire>{many[0], many[129]}, p);
  CHECK(p == std::vector<double>{0.5, 0, 0, 0.5});
}

TEST_CASE("GHZ on 1,000 qubits, 1,000 shots: every shot is all-0 or all-1 and both occur", "[stabilizer][ghz]") {
  auto device = make_device(R"({"shots": 1000, "seed": 42})");
  const std::size_t n = 1000;
  const std::vector<Wire> wires = prepare_ghz(*device, n);
  std::vector<std::uint8_t> samples(1000 * n);
  device->sample({}, samples);
  std::size_t ones = 0;
  for (std::size_t s = 0; s < 1000; ++s) {
    const auto first = samples.begin() + static_cast<std::ptrdiff_t>(s * n);
    const bool all_same =
        std::all_of(first, first + static_cast<std::ptrdiff_t>(n), [&](std::uint8_t b) { return b == *first; });
    REQUIRE(all_same);
    ones += *first;
  }
  CHECK(ones > 0);
  CHECK(ones < 1000);
  // A fair coin: within 5 standard deviations (sigma = sqrt(1000) / 2 ~ 15.8).
  CHECK(std::abs(static_cast<double>(ones) - 500.0) < 80.0);
  // Collapse: measuring one qubit fixes all the others.
  const int outcome = device->measure(wires[500], std::nullopt);
  std::vector<std::uint8_t> after(1000 * n);
  device->sample({}, after);
  CHECK(std::all_of(after.begin(), after.end(), [&](std::uint8_t b) { return b == outcome; }));
}
