// bench_gradient --hamiltonian-terms K: issue 36's goals for a Hamiltonian of K random 2-local Pauli words
// (two distinct qubits, letters X Y Z, coefficients in [-1, 1), fixed seed) on its circuit — per layer ry on
// every qubit, each angle its own parameter, then a CNOT ladder (P = n L parameters) — measured in one run:
//  - forward: one run of the circuit (parameters bound) with <Z0> (Executor::submit);
//  - expval: the same run with <H> instead (all K words from the final state);
//  - gradient: <H> and its Jacobian row through qrt::gradient, adjoint, on the circuit parsed once outside
//    the timing (gradient lowering, one extension call: a forward pass, lambda = H psi, one backward sweep);
//  - with --words-too 1, also the K words as K rows (one backward sweep each: what a Hamiltonian cost
//    before it could be one observable), and the largest difference between sum_k c_k row_k and H's row.
// The three (four) alternate on one one-worker executor (the device gets every core); the best of
// --repetitions and the median of the per-repetition ratios are reported, with the load average before
// and after, and the best process CPU time of each (`*_cpu_best_s`: on a busy machine, with a device of
// one thread, the work itself without the waits for a core). Prints one JSON object.
//   bench_gradient --hamiltonian-terms 50 [--qubits 16] [--layers 6] [--repetitions 5] [--words-too 0]
//                  [--device statevector.qubit]
#include "bench_support.hpp"

#include <qrt/circuit_runner.hpp>
#include <qrt/executor.hpp>
#include <qrt/gradient.hpp>
#include <qrt/hamiltonian.hpp>
#include <qrt/loaded_program.hpp>
#include <qrt/runtime.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <random>
#include <set>
#include <sstream>

#include <sys/resource.h>

namespace bench_gradient {
namespace {

Circuit ry_ladder(int qubits, int layers) {
  Circuit c;
  std::ostringstream out;
  out << "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[" << qubits << "];\n";
  std::mt19937 rng(36);
  std::uniform_real_distribution<double> angle(-3.0, 3.0);
  for (int l = 0; l < layers; ++l) {
    for (int q = 0; q < qubits; ++q) {
      const std::string name = "t" + std::to_string(c.params.size());
      out << "ry(" << name << ") q[" << q << "];\n";
      c.params.emplace_back(name, angle(rng));
    }
    for (int q = 0; q + 1 < qubits; ++q) out << "cx q[" << q << "], q[" << q + 1 << "];\n";
  }
  c.source = out.str();
  return c;
}

qrt::Hamiltonian random_two_local(int qubits, int terms, std::size_t& flip_masks) {
  std::mt19937_64 rng(36);
  std::uniform_real_distribution<double> coefficient(-1.0, 1.0);
  std::vector<double> c;
  std::vector<std::string> words;
  std::set<std::pair<int, int>> flips;  // the flipped (X/Y) qubits of each word, -1 for none
  for (int k = 0; k < terms; ++k) {
    const int a = static_cast<int>(rng() % qubits);
    const int b = static_cast<int>((a + 1 + rng() % (qubits - 1)) % qubits);
    const char la = "XYZ"[rng() % 3], lb = "XYZ"[rng() % 3];
    words.push_back(std::string(1, la) + std::to_string(a) + " " + lb + std::to_string(b));
    c.push_back(coefficient(rng));
    const int fa = la == 'Z' ? -1 : a, fb = lb == 'Z' ? -1 : b;
    flips.emplace(std::min(fa, fb), std::max(fa, fb));
  }
  flip_masks = flips.size();
  return qrt::Hamiltonian(c, words);
}

double process_cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec);
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// Wall and CPU seconds of each repetition of one phase.
struct Phase {
  std::vector<double> wall, cpu;
  template <class F>
  void time(F&& f) {
    const double cpu_start = process_cpu_seconds();
    const auto start = std::chrono::steady_clock::now();
    f();
    wall.push_back(seconds_since(start));
    cpu.push_back(process_cpu_seconds() - cpu_start);
  }
};

double best(const std::vector<double>& v) { return v.empty() ? 0.0 : *std::min_element(v.begin(), v.end()); }

}  // namespace

int run_hamiltonian(const Options& o) {
  const std::string load_before = load_average();
  qrt::RuntimeOptions runtime_options;
  runtime_options.plugin_dirs = {QRT_BENCH_PLUGIN_DIR};
  qrt::Runtime runtime(runtime_options);

  const Circuit circuit = ry_ladder(o.qubits, o.layers);
  std::size_t flip_masks = 0;
  const qrt::Hamiltonian h = random_two_local(o.qubits, o.hamiltonian_terms, flip_masks);
  const std::string text = h.to_string();
  const auto program = parsed(circuit.source, "<ry-ladder>");
  const qrt::LoadedProgram bound = qrt::LoadedProgram::openqasm(bound_copy(*program, circuit.params), "<ry-ladder>");

  Phase forward, expval, gradient, words;
  std::vector<double> expval_ratio, gradient_ratio, words_ratio;
  double value_expval = 0, value_gradient = 0, worst_row_difference = 0;
  {
    qrt::Executor one(runtime, {.workers = 1});
    qrt::RunRequest z0, with_h;
    z0.expvals = {"Z0"};
    with_h.expvals = {text};
    one.submit(o.device, bound, z0).get();  // warm: the instance is created and pooled
    qrt::GradientOptions adjoint;
    adjoint.method = qrt::GradientMethod::Adjoint;
    for (int r = 0; r < o.repetitions; ++r) {
      forward.time([&] { one.submit(o.device, bound, z0).get(); });
      expval.time([&] { value_expval = one.submit(o.device, bound, with_h).get().expvals.at(0).second; });
      qrt::GradientResult g;
      gradient.time([&] {
        g = qrt::gradient(one, o.device, program, circuit.params, std::span<const qrt::Hamiltonian>(&h, 1), adjoint);
      });
      value_gradient = g.expvals.at(0);
      expval_ratio.push_back(expval.wall.back() / forward.wall.back());
      gradient_ratio.push_back(gradient.wall.back() / forward.wall.back());
      if (o.words_too) {
        qrt::GradientResult per_word;
        words.time([&] { per_word = qrt::gradient(one, o.device, program, circuit.params, h.words(), adjoint); });
        words_ratio.push_back(words.wall.back() / forward.wall.back());
        for (std::size_t j = 0; j < circuit.params.size(); ++j) {
          double row = 0;
          for (std::size_t k = 0; k < h.size(); ++k) row += h.coefficients()[k] * per_word.jacobian_at(k, j);
          worst_row_difference = std::max(worst_row_difference, std::fabs(row - g.jacobian_at(0, j)));
        }
      }
    }
  }
  std::printf(
      "{\"benchmark\": \"gradient_hamiltonian\", \"device\": \"%s\", \"qubits\": %d, \"layers\": %d, "
      "\"parameters\": %zu, \"terms\": %zu, \"flip_masks\": %zu, \"repetitions\": %d, "
      "\"forward_best_s\": %.6f, \"expval_best_s\": %.6f, \"gradient_best_s\": %.6f, "
      "\"expval_over_forward_best\": %.3f, \"expval_over_forward_median\": %.3f, "
      "\"gradient_over_forward_best\": %.3f, \"gradient_over_forward_median\": %.3f, "
      "\"forward_cpu_best_s\": %.6f, \"expval_cpu_best_s\": %.6f, \"gradient_cpu_best_s\": %.6f, "
      "\"words_gradient_best_s\": %.6f, \"words_over_forward_median\": %.3f, \"words_row_max_difference\": %.3g, "
      "\"expval_run\": %.15g, \"expval_gradient\": %.15g, "
      "\"load_average_before\": \"%s\", \"load_average_after\": \"%s\"}\n",
      o.device.c_str(), o.qubits, o.layers, circuit.params.size(), h.size(), flip_masks, o.repetitions,
      best(forward.wall), best(expval.wall), best(gradient.wall), best(expval.wall) / best(forward.wall),
      median(expval_ratio), best(gradient.wall) / best(forward.wall), median(gradient_ratio), best(forward.cpu),
      best(expval.cpu), best(gradient.cpu), best(words.wall), median(words_ratio), worst_row_difference, value_expval,
      value_gradient, load_before.c_str(), load_average().c_str());
  return 0;
}

}  // namespace bench_gradient
