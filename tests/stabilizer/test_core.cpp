// The tableau's building blocks on their own: Pauli row products against dense matrices, row storage
// growth, conjugation tables derived from unitaries, and large tableaux across word boundaries.
#include "clifford/gate_catalog.hpp"
#include "device_harness.hpp"
#include "tableau/pauli_block.hpp"
#include "tableau/pauli_string.hpp"
#include "tableau/tableau.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>
#include <random>
#include <stdexcept>

using namespace stab_test;
using qrt::stab::LocalClifford;
using qrt::stab::PauliLetter;
using qrt::stab::PauliString;

namespace {

PauliString from_word(const std::string& word, bool negative = false) {
  PauliString p(word.size());
  for (std::size_t q = 0; q < word.size(); ++q)
    p.set(q, word[q] == 'X'   ? PauliLetter::X
             : word[q] == 'Y' ? PauliLetter::Y
             : word[q] == 'Z' ? PauliLetter::Z
                              : PauliLetter::I);
  p.set_negative(negative);
  return p;
}

std::string to_word(const PauliString& p) {
  std::string word;
  for (std::size_t q = 0; q < p.num_qubits(); ++q) word += "IXZY"[static_cast<unsigned>(p.letter(q))];
  return word;
}

Matrix signed_matrix(const PauliString& p) {
  Matrix m = pauli_matrix(to_word(p));
  if (p.negative())
    for (auto& v : m) v = -v;
  return m;
}

Matrix product(const Matrix& a, const Matrix& b) {
  const std::size_t d = static_cast<std::size_t>(std::lround(std::sqrt(double(a.size()))));
  Matrix c(a.size());
  for (std::size_t i = 0; i < d; ++i)
    for (std::size_t k = 0; k < d; ++k)
      for (std::size_t j = 0; j < d; ++j) c[i * d + j] += a[i * d + k] * b[k * d + j];
  return c;
}

bool close(const Matrix& a, const Matrix& b) {
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::abs(a[i] - b[i]) > 1e-12) return false;
  return true;
}

// U P U^dagger for a Pauli word, compared with the table's image.
void require_image(const LocalClifford& gate, const Matrix& u, const std::string& word) {
  const PauliString p = from_word(word);
  unsigned index = 0;
  for (std::size_t q = 0; q < word.size(); ++q) index |= static_cast<unsigned>(p.letter(q)) << (2 * q);
  const qrt::stab::PauliImage image = gate.image(index);
  PauliString out(word.size());
  for (std::size_t q = 0; q < word.size(); ++q) out.set(q, static_cast<PauliLetter>((image.pauli >> (2 * q)) & 3u));
  out.set_negative(image.negated);
  INFO(word << " -> " << (image.negated ? "-" : "+") << to_word(out));
  REQUIRE(close(product(product(u, pauli_matrix(word)), dagger(u)), signed_matrix(out)));
}

}  // namespace

TEST_CASE("Pauli row products and commutation agree with dense matrices", "[stabilizer][core]") {
  std::mt19937_64 rng(1);
  for (int trial = 0; trial < 400; ++trial) {
    const std::size_t n = 1 + rng() % 3;
    const PauliString a = from_word(random_pauli_word(n, rng), rng() % 2);
    const PauliString b = from_word(random_pauli_word(n, rng), rng() % 2);
    const Matrix ab = product(signed_matrix(a), signed_matrix(b)), ba = product(signed_matrix(b), signed_matrix(a));
    const bool dense_commute = close(ab, ba);
    CAPTURE(to_word(a), to_word(b));
    REQUIRE(qrt::stab::commutes(a.cref(), b.cref()) == dense_commute);
    PauliString target = a;
    if (!dense_commute) {
      REQUIRE_THROWS_AS(qrt::stab::multiply_into(target.ref(), b.cref()), std::logic_error);
      continue;
    }
    qrt::stab::multiply_into(target.ref(), b.cref());
    REQUIRE(close(signed_matrix(target), ab));
  }
}

TEST_CASE("Pauli products over many words keep signs", "[stabilizer][core]") {
  // Y^(x)k = (iXZ)^(x)k: multiplying X^(x)k by Z^(x)k gives (-i)^k Y^(x)k, Hermitian for even k.
  for (std::size_t k : {2u, 64u, 130u, 200u}) {
    PauliString x(k), z(k);
    for (std::size_t q = 0; q < k; ++q) {
      x.set(q, PauliLetter::X);
      z.set(q, PauliLetter::Z);
    }
    qrt::stab::multiply_into(x.ref(), z.cref());
    for (std::size_t q = 0; q < k; ++q) REQUIRE(x.letter(q) == PauliLetter::Y);
    CAPTURE(k);
    CHECK(x.negative() == (k % 4 == 2));  // (-i)^k = -1 for k = 2 mod 4, +1 for k = 0 mod 4
  }
}

TEST_CASE("Pauli blocks grow and shrink keeping rows and zeroing what leaves", "[stabilizer][core]") {
  std::mt19937_64 rng(2);
  qrt::stab::PauliBlock block(5, 70);
  std::vector<std::string> words;
  for (std::size_t r = 0; r < 5; ++r) {
    words.push_back(random_pauli_word(70, rng));
    const PauliString p = from_word(words.back(), r % 2);
    block.row(r).copy_from(p.cref());
  }
  block.resize(300, 200);
  for (std::size_t r = 0; r < 5; ++r) {
    for (std::size_t q = 0; q < 200; ++q) {
      const char want = q < 70 ? words[r][q] : 'I';
      const bool x = block.row(r).x(q), z = block.row(r).z(q);
      REQUIRE("IXZY"[x + 2 * z] == want);
    }
    REQUIRE(*block.row(r).sign == r % 2);
  }
  for (std::size_t r = 5; r < 300; ++r) REQUIRE(qrt::stab::is_z_type(block.row(r)));
  block.resize(3, 65);
  block.resize(5, 200);
  for (std::size_t q = 65; q < 200; ++q) REQUIRE(!block.row(0).x(q));
  for (std::size_t q = 0; q < 200; ++q) REQUIRE((!block.row(4).x(q) && !block.row(4).z(q)));
  REQUIRE(*block.row(3).sign == 0);
}

TEST_CASE("conjugation tables are derived from unitaries, and non-Cliffords are refused", "[stabilizer][core]") {
  const auto& catalog = qrt::stab::GateCatalog::instance();
  for (const auto& gate : catalog.gates()) {
    const Matrix& u = reference_gate(gate.name).matrix;
    CAPTURE(gate.name);
    const std::vector<std::string> words =
        gate.num_wires == 1 ? std::vector<std::string>{"I", "X", "Y", "Z"}
                            : std::vector<std::string>{"II", "XI", "IX", "ZI", "IZ", "YI", "IY", "XY", "ZZ", "YZ"};
    for (const std::string& word : words) {
      require_image(gate.table[0], u, word);
      require_image(gate.table[1], dagger(u), word);
    }
  }
  const std::size_t pauli_x = *catalog.find("PauliX"), hadamard = *catalog.find("Hadamard");
  for (int value = 0; value < 2; ++value) {
    REQUIRE(catalog.gate(pauli_x).controlled[0][value]);
    require_image(*catalog.gate(pauli_x).controlled[0][value], with_control(reference_gate("PauliX").matrix, value),
                  "XZ");
    CHECK(!catalog.gate(hadamard).controlled[0][value]);
  }
  CHECK(!catalog.find("T"));

  CHECK(!LocalClifford::from_unitary(reference_gate("T").matrix, 1));
  const double a = 0.3;
  const Matrix rx{std::cos(a), Complex(0, -std::sin(a)), Complex(0, -std::sin(a)), std::cos(a)};
  CHECK(!LocalClifford::from_unitary(rx, 1));
  CHECK(!LocalClifford::from_unitary(with_control(reference_gate("Hadamard").matrix, 1), 2));
  CHECK(!LocalClifford::from_unitary(reference_gate("CNOT").matrix, 1));  // wrong size
  CHECK(qrt::stab::is_unitary(reference_gate("ISWAP").matrix, 4));
  CHECK(!qrt::stab::is_unitary(Matrix{1, 1, 0, 1}, 2));
}

TEST_CASE("a 300-qubit tableau: GHZ chain, measurement and removal across word boundaries", "[stabilizer][core]") {
  const auto& catalog = qrt::stab::GateCatalog::instance();
  const auto& h = catalog.gate(*catalog.find("Hadamard")).table[0];
  const auto& cnot = catalog.gate(*catalog.find("CNOT")).table[0];
  qrt::stab::Tableau tableau(250);
  tableau.add_qubits(50);  // grows storage
  REQUIRE(tableau.num_qubits() == 300);
  const std::size_t zero = 0;
  tableau.apply(h, std::span<const std::size_t>(&zero, 1));
  for (std::size_t q = 1; q < 300; ++q) {
    const std::size_t pair[2] = {q - 1, q};
    tableau.apply(cnot, pair);
  }
  PauliString all_x(300);
  for (std::size_t q = 0; q < 300; ++q) all_x.set(q, PauliLetter::X);
  CHECK(tableau.expectation(all_x.cref()) == 1);
  for (std::size_t q : {0u, 63u, 64u, 128u, 299u}) REQUIRE(tableau.outcome_is_random(q));

  tableau.collapse(64, 1);
  for (std::size_t q = 0; q < 300; ++q) {
    REQUIRE(!tableau.outcome_is_random(q));
    REQUIRE(tableau.deterministic_outcome(q) == 1);
  }
  // Remove qubits from the middle and the ends; the last column moves into each freed one.
  for (std::size_t column : {64u, 0u, 200u, 296u, 127u}) tableau.remove_qubit(column);
  REQUIRE(tableau.num_qubits() == 295);
  for (std::size_t q = 0; q < 295; ++q) REQUIRE(tableau.deterministic_outcome(q) == 1);
  PauliString z_pair(295);
  z_pair.set(3, PauliLetter::Z);
  z_pair.set(290, PauliLetter::Z);
  CHECK(tableau.expectation(z_pair.cref()) == 1);
  z_pair.set(100, PauliLetter::Z);
  CHECK(tableau.expectation(z_pair.cref()) == -1);
  z_pair.set(7, PauliLetter::X);
  CHECK(tableau.expectation(z_pair.cref()) == 0);

  qrt::stab::Tableau entangled(2);
  entangled.apply(h, std::span<const std::size_t>(&zero, 1));
  const std::size_t pair[2] = {0, 1};
  entangled.apply(cnot, pair);
  CHECK(entangled.is_entangled(1));
  CHECK_THROWS_AS(entangled.remove_qubit(1), std::logic_error);

  // |+> (x) |0>: the |+> qubit is a product factor, removed by rotating it to Z first.
  qrt::stab::Tableau product(2);
  product.apply(h, std::span<const std::size_t>(&zero, 1));
  CHECK(product.outcome_is_random(0));
  CHECK(!product.is_entangled(0));
  product.remove_qubit(0);
  REQUIRE(product.num_qubits() == 1);
  CHECK(!product.outcome_is_random(0));
  CHECK(product.deterministic_outcome(0) == 0);
}
