// What bench_gradient's two modes share: options, a circuit with its parameters, timing and the load.
#pragma once

#include <algorithm>
#include <chrono>
#include <fstream>
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
