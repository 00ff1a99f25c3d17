// Random circuits over every parameterised qelib1 gate and a user-defined gate built from them, with the
// parameters shared between gates and inside expressions: each method against five-point finite
// differences of run_program's exact expectation values.
#include "gradient_support.hpp"

#include <catch2/catch.hpp>

#include <random>
#include <sstream>
#include <string>

using gradient_test::executor;
using gradient_test::offers_adjoint;
using gradient_test::Params;
using qrt::GradientMethod;

namespace {

// Expressions over the parameters a, b, c (their derivatives are all finite near the values used).
const std::vector<std::string> kExpressions = {
    "a",           "b",   "c",         "2*a+b",    "-b/4", "pi/2+c", "sin(a)*c", "cos(b)+a", "exp(a/3)",
    "sqrt(1+c*c)", "a*b", "ln(2+b*b)", "tan(c/5)", "a^2",  "0.7",    "-c",       "(a-c)/3",
};

struct GateShape {
  std::string name;
  int params;
  int qubits;
};

const std::vector<GateShape> kGates = {
    {"rx", 1, 1},  {"ry", 1, 1},  {"rz", 1, 1},  {"p", 1, 1},    {"u1", 1, 1},  {"u2", 2, 1},  {"u3", 3, 1},
    {"u", 3, 1},   {"U", 3, 1},   {"cp", 1, 2},  {"cu1", 1, 2},  {"crx", 1, 2}, {"cry", 1, 2}, {"crz", 1, 2},
    {"cu3", 3, 2}, {"rxx", 1, 2}, {"rzz", 1, 2}, {"mine", 2, 2}, {"h", 0, 1},   {"cx", 0, 2},
};

// `gate mine` uses crz, u3, cp, rzz, rx, a constant cx and expressions of its own parameters.
std::string random_circuit(std::mt19937& rng, int qubits, int gates) {
  std::ostringstream out;
  out << "OPENQASM 2.0;\ninclude \"qelib1.inc\";\n"
      << "gate mine(x, y) s, t { rx(2*x) s; crz(y-x) s, t; u3(x, y/2, -x) t; cx s, t; cp(x*y) t, s; rzz(y) s, t; }\n"
      << "qreg q[" << qubits << "];\ncreg m[" << qubits << "];\n";
  std::uniform_int_distribution<std::size_t> pick_gate(0, kGates.size() - 1), pick_expr(0, kExpressions.size() - 1);
  std::uniform_int_distribution<int> pick_qubit(0, qubits - 1);
  for (int q = 0; q < qubits; ++q) out << "h q[" << q << "];\n";
  for (int g = 0; g < gates; ++g) {
    const GateShape& shape = kGates[pick_gate(rng)];
    out << shape.name;
    if (shape.params > 0) {
      out << "(";
      for (int k = 0; k < shape.params; ++k) out << (k ? ", " : "") << kExpressions[pick_expr(rng)];
      out << ")";
    }
    int first = pick_qubit(rng), second = first;
    while (shape.qubits == 2 && second == first) second = pick_qubit(rng);
    out << " q[" << first << "]";
    if (shape.qubits == 2) out << ", q[" << second << "]";
    out << ";\n";
  }
  return out.str();
}

// Every name the circuit uses (as the front end reports them), with a random value.
Params random_values(std::mt19937& rng, const std::string& source) {
  std::uniform_real_distribution<double> value(-1.2, 1.2);
  Params params;
  const auto program = gradient_test::parsed(source, "<random>");
  for (const auto& name : program->free_parameters) params.emplace_back(name, value(rng));
  return params;
}

void check_against_reference(const std::string& device, const std::string& reference_device, GradientMethod method,
                             double tolerance, int circuits) {
  std::mt19937 rng(20261205);
  const std::vector<std::string> words = {"ZIZ", "XYI", "Z0", "IIY", "X0 X1 X2"};
  for (int i = 0; i < circuits; ++i) {
    const std::string source = random_circuit(rng, 3, 14);
    Params params = random_values(rng, source);
    if (params.empty()) continue;
    INFO("circuit " << i << " on " << device << ":\n" << source);
    qrt::GradientOptions options;
    options.method = method;
    qrt::GradientResult r;
    try {
      r = qrt::gradient(executor(), device, gradient_test::parsed(source, "<random>"), params, words, options);
    } catch (const std::exception& e) {
      FAIL(e.what());
    }
    CHECK(r.method == method);
    const auto values = gradient_test::reference_expvals(reference_device, source, params, words);
    const auto jacobian = gradient_test::reference_jacobian(reference_device, source, params, words);
    for (std::size_t w = 0; w < words.size(); ++w) {
      CHECK(r.expvals[w] == Approx(values[w]).margin(tolerance));
      for (std::size_t j = 0; j < params.size(); ++j) {
        INFO(words[w] << " by " << params[j].first);
        CHECK(r.jacobian_at(w, j) == Approx(jacobian[w * params.size() + j]).margin(tolerance));
      }
    }
  }
}

}  // namespace

TEST_CASE("parameter-shift matches finite differences of the exact expectation on random circuits (double)",
          "[gradient][random]") {
  check_against_reference("statevector.qubit", "statevector.qubit", GradientMethod::ParameterShift, 1e-8, 12);
}

TEST_CASE("parameter-shift on random circuits in single precision, within 1e-4", "[gradient][random]") {
  check_against_reference("statevector.qubit:precision=single", "statevector.qubit", GradientMethod::ParameterShift,
                          1e-4, 4);
}

TEST_CASE("the adjoint method matches finite differences on random circuits (double 1e-8, single 1e-4)",
          "[gradient][random][adjoint]") {
  if (!offers_adjoint("statevector.qubit")) {
    WARN("statevector.qubit does not offer qrt.adjoint_jacobian/1 (branch grad-adjoint not merged): skipped");
    return;
  }
  check_against_reference("statevector.qubit", "statevector.qubit", GradientMethod::Adjoint, 1e-8, 12);
  check_against_reference("statevector.qubit:precision=single", "statevector.qubit", GradientMethod::Adjoint, 1e-4, 4);
}

TEST_CASE("a random circuit run isolated gets the same parameter-shift gradient", "[gradient][random]") {
  check_against_reference("statevector.qubit:isolate=true", "statevector.qubit", GradientMethod::ParameterShift, 1e-8,
                          2);
}

namespace {

// A random Hamiltonian on 3 qubits with words that repeat (the same word twice, or dense and sparse
// spellings of one word), commute and overlap, and a constant term; `words` gets its words dense.
qrt::Hamiltonian random_hamiltonian(std::mt19937& rng, std::vector<double>& coefficients,
                                    std::vector<std::string>& dense) {
  std::uniform_real_distribution<double> coefficient(-1.0, 1.0);
  std::vector<std::string> words;
  coefficients.clear();
  dense.clear();
  const char letters[] = {'I', 'X', 'Y', 'Z'};
  for (int k = 0; k < 10; ++k) {
    std::string word;
    for (int q = 0; q < 3; ++q) word += letters[rng() % 4];
    if (word == "III") word = "ZZZ";
    words.push_back(word);
    dense.push_back(word);
    coefficients.push_back(coefficient(rng));
  }
  words.push_back("Z0 Z2");  // ZIZ: the same word as a dense one, perhaps
  dense.push_back("ZIZ");
  coefficients.push_back(0.25);
  words.push_back(words[3]);  // a repeat
  dense.push_back(dense[3]);
  coefficients.push_back(-0.5);
  words.push_back("");  // a constant
  dense.push_back("III");
  coefficients.push_back(0.75);
  return qrt::Hamiltonian(coefficients, words);
}

}  // namespace

TEST_CASE("a Hamiltonian is one row: the sum of its words' rows (adjoint 1e-10, parameter-shift 1e-8)",
          "[gradient][random][hamiltonian]") {
  const bool adjoint = offers_adjoint("statevector.qubit");
  if (!adjoint) WARN("statevector.qubit does not offer qrt.adjoint_jacobian/1: the adjoint rows are skipped");
  std::mt19937 rng(36);
  for (int i = 0; i < 6; ++i) {
    const std::string source = random_circuit(rng, 3, 14);
    const Params params = random_values(rng, source);
    if (params.empty()) continue;
    std::vector<double> c;
    std::vector<std::string> dense;
    const qrt::Hamiltonian h = random_hamiltonian(rng, c, dense);
    INFO("circuit " << i << ", H = " << h.to_string() << ":\n" << source);
    const auto program = gradient_test::parsed(source, "<random>");
    const std::size_t p = params.size();
    qrt::GradientOptions options;
    options.method = adjoint ? GradientMethod::Adjoint : GradientMethod::ParameterShift;
    // The words one by one (the constant has no row: its value alone, its derivatives 0).
    std::vector<std::string> non_constant(dense.begin(), dense.end() - 1);
    const auto words = qrt::gradient(executor(), "statevector.qubit", program, params, non_constant, options);
    double value = c.back();
    std::vector<double> row(p, 0.0);
    for (std::size_t k = 0; k + 1 < c.size(); ++k) {
      value += c[k] * words.expvals[k];
      for (std::size_t j = 0; j < p; ++j) row[j] += c[k] * words.jacobian_at(k, j);
    }
    const auto as_text = qrt::gradient(executor(), "statevector.qubit", program, params, {h.to_string()}, options);
    REQUIRE(as_text.observables == std::vector<std::string>{h.to_string()});
    REQUIRE(as_text.jacobian.size() == p);
    CHECK(as_text.expvals[0] == Approx(value).margin(1e-10));
    for (std::size_t j = 0; j < p; ++j) CHECK(as_text.jacobian_at(0, j) == Approx(row[j]).margin(1e-10));
    // The typed overload is the same computation.
    const auto typed = qrt::gradient(executor(), "statevector.qubit", program, params,
                                     std::span<const qrt::Hamiltonian>(&h, 1), options);
    CHECK(typed.expvals == as_text.expvals);
    CHECK(typed.jacobian == as_text.jacobian);
    // Parameter-shift: every shifted run evaluates all the terms from one state.
    options.method = GradientMethod::ParameterShift;
    const auto shifted = qrt::gradient(executor(), "statevector.qubit", program, params, {h.to_string()}, options);
    CHECK(shifted.expvals[0] == Approx(value).margin(1e-10));
    for (std::size_t j = 0; j < p; ++j) CHECK(shifted.jacobian_at(0, j) == Approx(row[j]).margin(1e-8));
    // run_program's expectation value of the Hamiltonian text (what `qrt run --expval` prints).
    CHECK(gradient_test::reference_expvals("statevector.qubit", source, params, {h.to_string()})[0] ==
          Approx(value).margin(1e-10));
  }
}

TEST_CASE("a Hamiltonian next to words, and through an isolated device", "[gradient][random][hamiltonian]") {
  std::mt19937 rng(7);
  const std::string source = random_circuit(rng, 3, 10);
  const Params params = random_values(rng, source);
  REQUIRE(!params.empty());
  const std::string h = "0.5*Z0 Z1 - 0.25*XYI + 2*y2";
  const auto program = gradient_test::parsed(source, "<random>");
  qrt::GradientOptions options;
  options.method = GradientMethod::ParameterShift;
  const auto local = qrt::gradient(executor(), "statevector.qubit", program, params, {"Z0", h, "X1"}, options);
  const auto isolated =
      qrt::gradient(executor(), "statevector.qubit:isolate=true", program, params, {"Z0", h, "X1"}, options);
  REQUIRE(local.observables == std::vector<std::string>{"Z0", h, "X1"});
  for (std::size_t i = 0; i < local.expvals.size(); ++i) {
    CHECK(isolated.expvals[i] == Approx(local.expvals[i]).margin(1e-12));
    for (std::size_t j = 0; j < params.size(); ++j)
      CHECK(isolated.jacobian_at(i, j) == Approx(local.jacobian_at(i, j)).margin(1e-12));
  }
  const auto parts = qrt::gradient(executor(), "statevector.qubit", program, params, {"Z0 Z1", "XYI", "Y2"}, options);
  CHECK(local.expvals[1] ==
        Approx(0.5 * parts.expvals[0] - 0.25 * parts.expvals[1] + 2 * parts.expvals[2]).margin(1e-12));
}
