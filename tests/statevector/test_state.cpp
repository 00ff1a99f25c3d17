// State storage: |0...0> initialisation, appending and removing qubits, allocation reuse, and the
// permuted copy used to read the state out in wire order.
#include "reference.hpp"

#include "state/permuted_copy.hpp"
#include "state/state_vector.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <numeric>

using namespace qrt::sv;

TEST_CASE("reset gives |0...0> and keeps the allocation", "[state]") {
  StateVector s;
  CHECK(s.num_qubits() == 0);
  CHECK(s.data()[0] == Complex(1.0));
  s.reset(20);  // 16 MiB: the huge-page path
  REQUIRE(s.size() == (std::size_t{1} << 20));
  CHECK(reinterpret_cast<std::uintptr_t>(s.data()) % 64 == 0);
  s.data()[12345] = 3.0;
  Complex* const storage = s.data();
  const std::size_t capacity = s.capacity_bytes();
  s.reset(10);
  CHECK(s.data() == storage);
  CHECK(s.capacity_bytes() == capacity);
  CHECK(s.data()[0] == Complex(1.0));
  CHECK(std::all_of(s.data() + 1, s.data() + s.size(), [](Complex a) { return a == Complex(0.0); }));
  s.reset(20);
  CHECK(s.data() == storage);
  CHECK(s.data()[12345] == Complex(0.0));
}

TEST_CASE("added qubits are |0> on top, the top qubit can be removed", "[state]") {
  StateVector s;
  s.reset(3);
  const sv_test::State psi = sv_test::random_state(3, 8);
  std::copy(psi.begin(), psi.end(), s.data());
  s.add_qubits(2);
  REQUIRE(s.num_qubits() == 5);
  for (std::size_t i = 0; i < 32; ++i) CHECK(s.data()[i] == (i < 8 ? psi[i] : Complex(0.0)));

  // Put the top qubit in |1>: move the amplitudes up, then remove it keeping value 1.
  std::copy(psi.begin(), psi.end(), s.data() + 16);
  std::fill(s.data(), s.data() + 16, Complex(0.0));
  s.remove_top_qubit(1);
  REQUIRE(s.num_qubits() == 4);
  for (std::size_t i = 0; i < 16; ++i) CHECK(s.data()[i] == (i < 8 ? psi[i] : Complex(0.0)));
  s.remove_top_qubit(0);
  for (std::size_t i = 0; i < 8; ++i) CHECK(s.data()[i] == psi[i]);
  CHECK_THROWS_AS(s.remove_top_qubit(2), std::invalid_argument);
  s.reset(0);
  CHECK_THROWS_AS(s.remove_top_qubit(0), std::logic_error);
  CHECK_THROWS_AS(s.reset(kMaxStateQubits + 1), std::length_error);
}

TEST_CASE("permuted copy reorders qubits", "[state]") {
  for (unsigned n : {0u, 1u, 4u, 12u}) {
    const sv_test::State psi = sv_test::random_state(n, n);
    std::vector<unsigned> qubit_at(n);
    std::iota(qubit_at.begin(), qubit_at.end(), 0u);
    std::mt19937_64 rng(n);
    std::shuffle(qubit_at.begin(), qubit_at.end(), rng);
    for (unsigned threads : {1u, 2u}) {
      sv_test::State out(psi.size());
      copy_permuted(psi.data(), qubit_at, out.data(), threads);
      for (std::size_t i = 0; i < out.size(); ++i) {
        std::size_t j = 0;  // position p is bit n-1-p of i and qubit qubit_at[p] of j
        for (unsigned p = 0; p < n; ++p) j |= ((i >> (n - 1 - p)) & 1u) << qubit_at[p];
        REQUIRE(out[i] == psi[j]);
      }
    }
  }
  const sv_test::State psi = sv_test::random_state(2, 1);
  sv_test::State out(4);
  const unsigned not_a_permutation[] = {0, 0};
  CHECK_THROWS_AS(copy_permuted(psi.data(), not_a_permutation, out.data(), 1), std::invalid_argument);
}

TEST_CASE("a complex64 state: half the bytes, same growth rules, widened exactly when copied out", "[state][single]") {
  BasicStateVector<float> s;
  s.reset(20);
  CHECK(s.capacity_bytes() == (std::size_t{8} << 20));
  CHECK(s.data()[0] == std::complex<float>(1.0f));
  s.reset(3);
  const sv_test::State psi = sv_test::random_state(3, 4);
  std::copy(psi.begin(), psi.end(), s.data());  // rounded to float
  s.add_qubits(1);
  for (std::size_t i = 8; i < 16; ++i) CHECK(s.data()[i] == std::complex<float>(0.0f));
  for (unsigned identity : {1u, 0u}) {
    // Identity order (allocation order = reversed qubit order) and a real permutation.
    std::vector<unsigned> qubit_at = {3, 2, 1, 0};
    if (!identity) qubit_at = {1, 3, 0, 2};
    for (unsigned threads : {1u, 2u}) {
      sv_test::State out(16);
      copy_permuted(s.data(), qubit_at, out.data(), threads);
      for (std::size_t i = 0; i < out.size(); ++i) {
        std::size_t j = 0;
        for (unsigned p = 0; p < 4; ++p) j |= ((i >> (3 - p)) & 1u) << qubit_at[p];
        REQUIRE(out[i] == Complex(s.data()[j]));
      }
    }
  }
  s.remove_top_qubit(0);
  for (std::size_t i = 0; i < 8; ++i) CHECK(s.data()[i] == std::complex<float>(psi[i]));
}
