// What bench_gradient's two modes share: options, a circuit with its parameters (parsed once, bound), timing
// and the load.
#pragma once

#include <qrt/program/parameters.hpp>
#include <qrt/program/program.hpp>
#include <qrt/qasm/parser.hpp>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace bench_gradient {

struct Options {
  int qubits = 20, layers = 10, repetitions = 5, shift_qubits = -1, workers = 2;
  int hamiltonian_terms = 0, words_too = 0;
  std::string device = "statevector.qubit", observable = "Z0";
};

struct Circuit {
  std::string source;
  std::vector<std::pair<std::string, double>> params;
};

// The circuit parsed once, its parameters left free (as `qrt grad` parses it).
inline std::shared_ptr<const qrt::program::Program> parsed(const std::string& source, const std::string& name) {
  qrt::qasm::ParseOptions options;
  options.free_parameters = true;
  return std::make_shared<const qrt::program::Program>(qrt::qasm::parse_string(source, name, options));
}

// A copy of `program` with its free parameters bound to `params` (what a forward run executes).
inline std::shared_ptr<const qrt::program::Program> bound_copy(
    const qrt::program::Program& program, const std::vector<std::pair<std::string, double>>& params) {
  const qrt::program::ParameterBinding binding(params.begin(), params.end());
  return std::make_shared<const qrt::program::Program>(qrt::program::bind(program, binding));
}

inline std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string first;
  in >> first;
  return first.empty() ? "unknown" : first;
}

inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[v.size() / 2];
}

// Issue 36's Hamiltonian mode (hamiltonian_bench.cpp).
int run_hamiltonian(const Options& o);

}  // namespace bench_gradient
