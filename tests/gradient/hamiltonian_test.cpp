// qrt::Hamiltonian: construction, the text form (parse, files, to_string round trips), its use on a
// register, and every bad input.
#include <qrt/error.hpp>
#include <qrt/hamiltonian.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <string>

using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const qrt::Error& e) {
    return e.what();
  }
  return "(no error)";
}

template <class F>
qrt::ErrorCode code_of(F&& f) {
  try {
    f();
  } catch (const qrt::Error& e) {
    return e.code();
  }
  return qrt::ErrorCode::Internal;
}

// A temporary file removed at scope exit.
struct TempFile {
  std::filesystem::path path;
  explicit TempFile(const std::string& text)
      : path(std::filesystem::temp_directory_path() /
             ("qrt_hamiltonian_" + std::to_string(std::random_device{}()) + ".txt")) {
    std::ofstream(path) << text;
  }
  ~TempFile() { std::filesystem::remove(path); }
};

}  // namespace

TEST_CASE("Hamiltonian text: terms, signs, coefficients, words in every form", "[hamiltonian]") {
  const auto h = qrt::Hamiltonian::parse("0.5*Z0 Z1 - 0.2*X3");
  CHECK(h.coefficients() == std::vector<double>{0.5, -0.2});
  CHECK(h.words() == std::vector<std::string>{"Z0 Z1", "X3"});
  CHECK(h.dense_words(4) == std::vector<std::string>{"IIZZ", "XIII"});

  const auto forms = qrt::Hamiltonian::parse(" -ZZI + 0.5 XXI +2*z0*z2-1e-3*Y1 + .25 - 3 ");
  CHECK(forms.coefficients() == std::vector<double>{-1.0, 0.5, 2.0, -1e-3, 0.25, -3.0});
  CHECK(forms.words() == std::vector<std::string>{"ZZI", "XXI", "z0*z2", "Y1", "", ""});
  CHECK(forms.dense_words(3) == std::vector<std::string>{"ZZI", "XXI", "ZIZ", "IYI", "III", "III"});

  // One word is a Hamiltonian of one term, coefficient 1, its word kept as written.
  const auto one = qrt::Hamiltonian::parse("Z0 Z3");
  CHECK(one.coefficients() == std::vector<double>{1.0});
  CHECK(one.words() == std::vector<std::string>{"Z0 Z3"});
  CHECK(qrt::Hamiltonian::parse("+1e+2 X0").coefficients() == std::vector<double>{100.0});
}

TEST_CASE("Hamiltonian text round trips bit for bit", "[hamiltonian]") {
  std::mt19937_64 rng(36);
  std::uniform_real_distribution<double> value(-10, 10);
  for (int trial = 0; trial < 50; ++trial) {
    std::vector<double> c;
    std::vector<std::string> w;
    for (int k = 0; k < 6; ++k) {
      c.push_back(k == 2 ? -0.0 : value(rng) * std::pow(10.0, static_cast<int>(rng() % 40) - 20));
      w.push_back(k == 4 ? "" : (k % 2 ? "X0 Y" + std::to_string(rng() % 5 + 1) : "ZIZY"));
    }
    const qrt::Hamiltonian h(c, w);
    const auto back = qrt::Hamiltonian::parse(h.to_string());
    INFO(h.to_string());
    REQUIRE(back.words() == h.words());
    for (std::size_t k = 0; k < c.size(); ++k) {
      CHECK(back.coefficients()[k] == c[k]);
      CHECK(std::signbit(back.coefficients()[k]) == std::signbit(c[k]));
    }
  }
}

TEST_CASE("Hamiltonian observables on wires, qubit 0 last", "[hamiltonian]") {
  const auto o = qrt::Hamiltonian::parse("0.5*Z0 Y2 - 2 + X1").observable({30, 20, 10});  // qubit 2, 1, 0
  REQUIRE(o.terms.size() == 3);
  CHECK(o.terms[0].coefficient == 0.5);
  REQUIRE(o.terms[0].factors.size() == 2);
  CHECK(o.terms[0].factors[0].kind == qrt::ObservableKind::PauliY);
  CHECK(o.terms[0].factors[0].wires == std::vector<qrt::Wire>{30});
  CHECK(o.terms[0].factors[1].kind == qrt::ObservableKind::PauliZ);
  CHECK(o.terms[0].factors[1].wires == std::vector<qrt::Wire>{10});
  CHECK(o.terms[1].coefficient == -2.0);
  CHECK(o.terms[1].factors.empty());
  CHECK(o.terms[2].factors.size() == 1);
  CHECK(o.terms[2].factors[0].wires == std::vector<qrt::Wire>{20});
}

TEST_CASE("Hamiltonian files: a term or more a line, comments, errors name the file and line", "[hamiltonian]") {
  const TempFile good("# H2 in a minimal basis\n-1.05\n 0.39 Z0   # a comment\n0.39*Z1\n\n0.01 Z0 Z1 + 0.18 X0 X1\n");
  const auto h = qrt::Hamiltonian::read_file(good.path.string());
  CHECK(h.coefficients() == std::vector<double>{-1.05, 0.39, 0.39, 0.01, 0.18});
  CHECK(h.words() == std::vector<std::string>{"", "Z0", "Z1", "Z0 Z1", "X0 X1"});

  const TempFile bad("0.5 Z0\n\n0.25 Q1\n");
  CHECK_THAT(error_of([&] { qrt::Hamiltonian::read_file(bad.path.string()); }),
             StartsWith(bad.path.string() + ":3: ") && Contains("'Q'"));
  const TempFile complex_line("0.5 Z0\n0.1j X1\n");
  CHECK_THAT(error_of([&] { qrt::Hamiltonian::read_file(complex_line.path.string()); }),
             StartsWith(complex_line.path.string() + ":2: ") && Contains("real"));
  const TempFile empty("# nothing\n\n");
  CHECK_THAT(error_of([&] { qrt::Hamiltonian::read_file(empty.path.string()); }), Contains("no terms"));
  CHECK(code_of([] { qrt::Hamiltonian::read_file("/nonexistent/h.txt"); }) == qrt::ErrorCode::NotFound);
  CHECK(code_of([] { qrt::Hamiltonian::read_file(std::filesystem::temp_directory_path().string()); }) ==
        qrt::ErrorCode::NotFound);
}

TEST_CASE("Hamiltonian bad input: empty, complex or non-finite coefficients, bad words, words that do not fit",
          "[hamiltonian][errors]") {
  const double nan = std::nan(""), inf = std::numeric_limits<double>::infinity();
  CHECK_THAT(error_of([] { qrt::Hamiltonian({}, {}); }), Contains("at least one term"));
  CHECK_THAT(error_of([] { qrt::Hamiltonian({1.0}, {"Z0", "Z1"}); }), Contains("1 coefficients for 2 words"));
  CHECK_THAT(error_of([&] {
               qrt::Hamiltonian({1.0, nan}, {"Z0", "Z1"});
             }),
             Contains("term 2") && Contains("not a finite"));
  CHECK_THAT(error_of([&] { qrt::Hamiltonian({inf}, {"Z0"}); }), Contains("not a finite"));
  CHECK_THAT(error_of([] {
               qrt::Hamiltonian({1.0, 2.0}, {"Z0", "Z1 Z1"});
             }),
             Contains("Hamiltonian term 2") && Contains("named twice"));
  CHECK_THAT(error_of([] { qrt::Hamiltonian({1.0}, {"ZQ"}); }), StartsWith("Pauli word 'ZQ': letter 2"));
  CHECK_THAT(error_of([] { qrt::Hamiltonian({1.0}, {"Z12345678901"}); }), Contains("out of range"));

  CHECK_THAT(error_of([] { qrt::Hamiltonian::parse(""); }), Contains("no terms"));
  CHECK_THAT(error_of([] { qrt::Hamiltonian::parse("   "); }), Contains("no terms"));
  CHECK_THAT(error_of([] { qrt::Hamiltonian::parse("0.5*Z0 + "); }), Contains("term 2") && Contains("empty"));
  CHECK_THAT(error_of([] { qrt::Hamiltonian::parse("Z0 - - X1"); }), Contains("term 2") && Contains("empty"));
  CHECK_THAT(error_of([] { qrt::Hamiltonian::parse("0.5*"); }), Contains("after '*'"));
  CHECK_THAT(error_of([] { qrt::Hamiltonian::parse("0.5j*Z0"); }), Contains("'j' at character 4") && Contains("real"));
  CHECK_THAT(error_of([] { qrt::Hamiltonian::parse("(0.5+1J)*Z0"); }), Contains("'J'") && Contains("real"));
  CHECK_THAT(error_of([] { qrt::Hamiltonian::parse("2i Z0"); }), Contains("'i' at character 2") && Contains("real"));
  CHECK(qrt::Hamiltonian::parse("2I0 Z1").words() == std::vector<std::string>{"I0 Z1"});  // I0 is a factor
  CHECK_THAT(error_of([] { qrt::Hamiltonian::parse("1e999*Z0"); }), Contains("not a finite number"));
  CHECK_THAT(error_of([] { qrt::Hamiltonian::parse(". Z0"); }), Contains("expected a number at character 1"));
  CHECK_THAT(error_of([] { qrt::Hamiltonian::parse("0.5*Z0 + 0.2*W1"); }), Contains("term 2") && Contains("'W'"));
  CHECK(code_of([] { qrt::Hamiltonian::parse("nan*Z0"); }) == qrt::ErrorCode::InvalidArgument);

  // The register: a word longer than it, or a qubit beyond it, names the term.
  const auto h = qrt::Hamiltonian::parse("0.5*ZZI - X5");
  CHECK_THAT(error_of([&] { h.dense_words(3); }),
             StartsWith("Hamiltonian term 2: Pauli word 'X5': qubit 5 is out of range"));
  CHECK_THAT(error_of([&] { h.dense_words(2); }), StartsWith("Hamiltonian term 1: Pauli word 'ZZI' has 3 letters"));
  // A lone word's errors read as `--expval` always printed them.
  CHECK_THAT(error_of([] { qrt::Hamiltonian::parse("ZZ").dense_words(4); }),
             StartsWith("Pauli word 'ZZ' has 2 letters; the circuit has 4 qubits"));
}
