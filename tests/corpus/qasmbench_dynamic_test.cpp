// The 14 QASMBench files with mid-circuit measurement, reset or `if`: the counts qrt samples (shot by
// shot, fixed seed) must follow the exact outcome distribution, computed here independently: the
// program is expanded to U and CX (the language's own definition) and simulated by a plain state
// vector that branches on every measurement and reset, carrying each branch's weight.
#include "corpus_support.hpp"

#include <qrt/circuit_runner.hpp>
#include <qrt/program/expansion.hpp>
#include <qrt/qasm/parser.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <complex>
#include <map>
#include <numbers>

namespace {

using Complex = std::complex<double>;
using State = std::vector<Complex>;
using Distribution = std::map<std::string, double>;

struct Branch {
  State state;  // unnormalised: its squared norm is the branch's probability
  std::vector<std::uint8_t> clbits;
};

void apply_u(State& s, std::size_t q, double theta, double phi, double lambda) {
  // Qiskit's U(θ,φ,λ).
  const Complex a = std::cos(theta / 2), b = -std::polar(1.0, lambda) * std::sin(theta / 2),
                c = std::polar(1.0, phi) * std::sin(theta / 2), d = std::polar(1.0, phi + lambda) * std::cos(theta / 2);
  const std::size_t bit = std::size_t{1} << q;
  for (std::size_t i = 0; i < s.size(); ++i)
    if (!(i & bit)) {
      Complex x = s[i], y = s[i | bit];
      s[i] = a * x + b * y;
      s[i | bit] = c * x + d * y;
    }
}

void apply_cx(State& s, std::size_t control, std::size_t target) {
  const std::size_t cb = std::size_t{1} << control, tb = std::size_t{1} << target;
  for (std::size_t i = 0; i < s.size(); ++i)
    if ((i & cb) && !(i & tb)) std::swap(s[i], s[i | tb]);
}

double norm2(const State& s) {
  double n = 0;
  for (const auto& a : s) n += std::norm(a);
  return n;
}

State project(const State& s, std::size_t q, int outcome) {
  State out = s;
  const std::size_t bit = std::size_t{1} << q;
  for (std::size_t i = 0; i < out.size(); ++i)
    if (((i & bit) != 0) != (outcome == 1)) out[i] = 0;
  return out;
}

std::string format(const qrt::program::Program& p, const std::vector<std::uint8_t>& clbits) {
  std::string text;
  for (std::size_t r = p.cregs.size(); r-- > 0;) {
    if (!text.empty()) text += ' ';
    for (std::size_t b = p.cregs[r].size; b-- > 0;) text += clbits[p.cregs[r].offset + b] ? '1' : '0';
  }
  return text;
}

bool holds(const qrt::program::Condition& c, const std::vector<std::uint8_t>& clbits) {
  std::uint64_t v = 0;
  for (std::size_t b = 0; b < c.size; ++b) v |= std::uint64_t{clbits[c.offset + b]} << b;
  return v == c.value;
}

Distribution exact_distribution(const qrt::program::Program& program) {
  const qrt::program::Program p = qrt::program::expand_to_primitives(program);
  std::vector<Branch> branches(1);
  branches[0].state.assign(std::size_t{1} << p.num_qubits, 0.0);
  branches[0].state[0] = 1.0;
  branches[0].clbits.assign(p.num_clbits, 0);

  // Once only measurements remain, read outcomes off the amplitudes instead of branching further.
  std::size_t tail = p.operations.size();
  while (tail > 0 && !p.operations[tail - 1].condition &&
         (p.operations[tail - 1].kind == qrt::program::OpKind::Measure ||
          p.operations[tail - 1].kind == qrt::program::OpKind::Barrier))
    --tail;

  for (std::size_t k = 0; k < tail; ++k) {
    const auto& op = p.operations[k];
    auto qubits = p.qubits(op);
    std::vector<Branch> next;
    for (auto& br : branches) {
      if (op.condition && !holds(*op.condition, br.clbits)) {
        next.push_back(std::move(br));
        continue;
      }
      switch (op.kind) {
        case qrt::program::OpKind::Gate:
          if (op.gate == qrt::program::Program::kGateU) {
            auto a = p.params(op);
            apply_u(br.state, qubits[0], a[0], a[1], a[2]);
          } else {
            apply_cx(br.state, qubits[0], qubits[1]);
          }
          next.push_back(std::move(br));
          break;
        case qrt::program::OpKind::Barrier: next.push_back(std::move(br)); break;
        case qrt::program::OpKind::Measure:
        case qrt::program::OpKind::Reset:
          for (int outcome : {0, 1}) {
            Branch b{project(br.state, qubits[0], outcome), br.clbits};
            if (norm2(b.state) < 1e-14) continue;
            if (op.kind == qrt::program::OpKind::Measure) {
              b.clbits[op.clbit] = static_cast<std::uint8_t>(outcome);
            } else if (outcome == 1) {                                             // reset: move |1> amplitude to |0>
              apply_u(b.state, qubits[0], std::numbers::pi, 0, std::numbers::pi);  // X
            }
            next.push_back(std::move(b));
          }
          break;
      }
    }
    branches = std::move(next);
  }

  Distribution dist;
  for (const auto& br : branches) {
    for (std::size_t i = 0; i < br.state.size(); ++i) {
      double w = std::norm(br.state[i]);
      if (w < 1e-16) continue;
      std::vector<std::uint8_t> clbits = br.clbits;
      for (std::size_t k = tail; k < p.operations.size(); ++k)
        if (p.operations[k].kind == qrt::program::OpKind::Measure)
          clbits[p.operations[k].clbit] = static_cast<std::uint8_t>((i >> p.qubits(p.operations[k])[0]) & 1u);
      dist[format(p, clbits)] += w;
    }
  }
  return dist;
}

// Pearson's chi-square over bins with expected count >= 5 (the rest pooled), turned into a z-score
// with the Wilson–Hilferty approximation. Also fails outright on any outcome of probability 0.
void check_counts(const std::map<std::string, std::uint64_t>& counts, const Distribution& exact, std::uint64_t shots) {
  double total = 0;
  for (const auto& [bits, p] : exact) total += p;
  REQUIRE(std::abs(total - 1.0) < 1e-9);
  for (const auto& [bits, c] : counts) {
    INFO("outcome " << bits << " observed " << c << " times");
    CHECK(exact.count(bits) == 1);
  }
  double chi2 = 0, pooled_expected = 0, pooled_observed = 0;
  int bins = 0;
  for (const auto& [bits, p] : exact) {
    double expected = p * static_cast<double>(shots);
    auto it = counts.find(bits);
    double observed = it == counts.end() ? 0.0 : static_cast<double>(it->second);
    if (expected >= 5) {
      chi2 += (observed - expected) * (observed - expected) / expected;
      ++bins;
    } else {
      pooled_expected += expected;
      pooled_observed += observed;
    }
  }
  if (pooled_expected >= 5) {
    chi2 += (pooled_observed - pooled_expected) * (pooled_observed - pooled_expected) / pooled_expected;
    ++bins;
  }
  const double dof = std::max(1, bins - 1);
  const double z = (std::cbrt(chi2 / dof) - (1 - 2 / (9 * dof))) / std::sqrt(2 / (9 * dof));
  INFO("chi2 " << chi2 << " over " << dof << " degrees of freedom, z " << z);
  CHECK(z < 4.5);  // p ≈ 3e-6: with a fixed seed this is deterministic, not flaky
}

}  // namespace

TEST_CASE("QASMBench mid-circuit files sample their exact outcome distributions", "[corpus][dynamic]") {
  if (!corpus::corpus_dir()) {
    WARN("QASMBench corpus not found at " QRT_TEST_CORPUS_DIR " (set QRT_CORPUS_DIR): skipped");
    return;
  }
  std::size_t checked = 0;
  for (const auto& [name, ref] : corpus::expected()) {
    if (!ref.as_object().at("mid_circuit").as_bool()) continue;
    INFO(std::string(name));
    qrt::program::Program program = qrt::qasm::parse_file(*corpus::corpus_dir() / "qasmbench" / std::string(name));
    Distribution exact = exact_distribution(program);

    constexpr std::uint64_t kShots = 4000;
    qrt::Device device = corpus::runtime().open("statevector.qubit:seed=20261202");
    qrt::RunOptions options;
    options.shots = kShots;
    qrt::RunResult result = qrt::run_program(program, device, options);
    CHECK(result.dynamic);
    check_counts(result.counts, exact, kShots);
    ++checked;
  }
  CHECK(checked == 14);
}

TEST_CASE("the semiclassical inverse QFT of |+>^4 always reads 0000", "[corpus][dynamic]") {
  if (!corpus::corpus_dir()) {
    WARN("QASMBench corpus not found: skipped");
    return;
  }
  // inverseqft_n4 measures the semiclassical inverse QFT of H^{⊗4}|0>: |+>^4 maps to |0000> exactly.
  qrt::program::Program program = qrt::qasm::parse_file(*corpus::corpus_dir() / "qasmbench" / "inverseqft_n4.qasm");
  Distribution exact = exact_distribution(program);
  REQUIRE(exact.size() == 1);
  CHECK(exact.begin()->first == "0 0 0 0");
  qrt::Device device = corpus::runtime().open("statevector.qubit:seed=5");
  qrt::RunOptions options;
  options.shots = 500;
  auto result = qrt::run_program(program, device, options);
  REQUIRE(result.counts.size() == 1);
  CHECK(result.counts.begin()->first == "0 0 0 0");
  CHECK(result.counts.begin()->second == 500);
}
