// statevector.mpi against statevector.qubit and the dense reference, run under mpirun -n 1, 2, 4
// (CTest starts it; see CMakeLists.txt). Every rank checks the results it got; the job fails when
// any rank saw a mismatch. Usage: mpi_device_check <case> [single], case = circuits | measure | sample
// (with shot-based expval/var) | allocation | tiles | memory | errors | shell | ranks | rtld (the last one loads
// the plugin .so given as argv[2] with RTLD_LOCAL).
// With `single`, both statevector.mpi and the statevector.qubit twin it is checked against run with
// precision=single: results must agree to 1e-5 (the rounding of complex64 amplitudes, summed in
// different orders), where double precision must agree to 1e-12.
#include "device/mpi_device.hpp"
#include "device_helpers.hpp"

#include <dlfcn.h>
#include <mpi.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <random>
#include <string>
#include <utility>

namespace {

int g_failures = 0;
int g_rank = 0;
bool g_single = false;

// The agreement a check expects: `double_tolerance` in double precision, 1e-5 in single.
double tol(double double_tolerance) { return g_single ? 1e-5 : double_tolerance; }

// Kwargs JSON (an object) with this run's precision added.
std::string with_precision(const std::string& kwargs_json) {
  if (!g_single) return kwargs_json;
  const std::size_t close = kwargs_json.rfind('}');
  const bool empty = kwargs_json.find(':') == std::string::npos;
  return kwargs_json.substr(0, close) + (empty ? "" : ", ") + R"("precision": "single"})";
}

void check(bool ok, const std::string& what) {
  if (ok) return;
  ++g_failures;
  std::fprintf(stderr, "rank %d: FAILED: %s\n", g_rank, what.c_str());
}

using Device = qrt::mpi::MpiStatevectorDevice;
using K = qrt::sdk::ObservableKind;

std::unique_ptr<Device> make_mpi(const std::string& kwargs = "{}") {
  return std::make_unique<Device>(qrt::sdk::Kwargs::from_json(with_precision(kwargs), Device::schema()));
}

// statevector.qubit in this run's precision.
std::unique_ptr<qrt::sv::StatevectorDevice> make_twin(const std::string& kwargs = "{}") {
  return sv_test::make_device(with_precision(kwargs));
}

template <class D>
void run_circuit(D& device, const sv_test::RandomCircuit& circuit) {
  for (const auto& step : circuit.steps) {
    if (step.matrix.empty()) {
      device.apply_gate(step.gate.call());
    } else {
      const std::vector<std::uint8_t> values;
      device.apply_matrix({step.matrix, step.gate.wires, {}, values, false});
    }
  }
}

double max_diff(const sv_test::State& a, const sv_test::State& b) {
  double d = a.size() == b.size() ? 0.0 : 1e300;
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) d = std::max(d, std::abs(a[i] - b[i]));
  return d;
}

template <class D>
sv_test::State read_state(D& device) {
  sv_test::State s(device.state_size());
  device.state(s);
  return s;
}

qrt::sdk::Observable pauli_word(const std::vector<std::pair<qrt::sdk::ObservableKind, qrt::sdk::Wire>>& factors,
                                double c) {
  qrt::sdk::Observable o;
  qrt::sdk::ObservableTerm term;
  term.coefficient = c;
  for (auto [kind, w] : factors) {
    qrt::sdk::ObservableFactor f;
    f.kind = kind;
    f.wires = {w};
    term.factors.push_back(f);
  }
  o.terms.push_back(term);
  return o;
}

// Random circuits with every catalog gate (controls and targets on global and local wires, adjoints,
// QubitUnitary): state, probs on wire subsets, expval and var equal statevector.qubit's to 1e-12.
void circuits() {
  // n >= 4 + log2(4): DoubleExcitation needs 4 local qubits.
  for (unsigned n : {6u, 7u, 9u}) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      const auto circuit = sv_test::random_circuit(n, 120, seed * 1000 + n);
      auto mpi = make_mpi();
      auto ref = make_twin();
      mpi->allocate_qubits(n);
      ref->allocate_qubits(n);
      run_circuit(*mpi, circuit);
      run_circuit(*ref, circuit);
      const std::string tag = "n=" + std::to_string(n) + " seed=" + std::to_string(seed);
      const sv_test::State expected = read_state(*ref);
      check(max_diff(read_state(*mpi), expected) < tol(1e-12), tag + ": state differs from statevector.qubit");
      const sv_test::State exact = sv_test::reference_run(n, circuit);  // always double
      check(max_diff(expected, exact) < tol(1e-10), tag + ": reference disagrees");
      check(max_diff(read_state(*mpi), exact) < tol(1e-10),
            tag + ": state differs from the double-precision reference");
      std::vector<qrt::sdk::Wire> subset = {static_cast<qrt::sdk::Wire>(n - 1), 0, 2};
      for (auto wires : {std::vector<qrt::sdk::Wire>{}, subset, std::vector<qrt::sdk::Wire>{1}}) {
        const std::size_t m = wires.empty() ? n : wires.size();
        std::vector<double> a(std::size_t{1} << m), b(a.size());
        mpi->probs(wires, a);
        ref->probs(wires, b);
        double d = 0;
        for (std::size_t i = 0; i < a.size(); ++i) d = std::max(d, std::abs(a[i] - b[i]));
        check(d < tol(1e-12), tag + ": probs differ");
      }
      for (const auto& o : {pauli_word({{K::PauliZ, 0}}, 1.0), pauli_word({{K::PauliX, 0}, {K::PauliY, 3}}, 0.5),
                            pauli_word({{K::PauliZ, 1}, {K::Hadamard, 4}, {K::PauliX, 2}}, -2.0)}) {
        check(std::abs(mpi->expval(o) - ref->expval(o)) < tol(1e-12), tag + ": expval differs");
        check(std::abs(mpi->var(o) - ref->var(o)) < tol(1e-12), tag + ": var differs");
      }
      // A Hamiltonian on every qubit, global ones included (30 random words, some X/Y on global qubits):
      // more qubits than are ever local on 2 or 4 ranks, evaluated rank by rank.
      {
        std::mt19937_64 words(seed + n);
        qrt::sdk::Observable h;
        const K kinds[] = {K::PauliX, K::PauliY, K::PauliZ, K::Identity};
        for (int t = 0; t < 30; ++t) {
          std::vector<std::pair<K, qrt::sdk::Wire>> factors;
          for (unsigned q = 0; q < n; ++q)
            if (words() % 3 == 0) factors.emplace_back(kinds[words() % 4], q);
          h.terms.push_back(pauli_word(factors, 0.1 * static_cast<double>(t % 7) - 0.3).terms[0]);
        }
        h.terms.push_back(pauli_word({{K::PauliX, n - 1}, {K::PauliY, 0}, {K::PauliZ, n - 2}}, 0.7).terms[0]);
        check(std::abs(mpi->expval(h) - ref->expval(h)) < tol(1e-12), tag + ": expval of a Hamiltonian differs");
      }
      // After the reads moved qubits around, more gates still agree.
      const auto more = sv_test::random_circuit(n, 40, seed);
      run_circuit(*mpi, more);
      run_circuit(*ref, more);
      check(max_diff(read_state(*mpi), read_state(*ref)) < tol(1e-12), tag + ": state after reads and more gates");
    }
  }
}

// The tiled path inside each rank (tiles of 2^10 amplitudes: chunks of 11-13 qubits hold 2-8 tiles),
// with gates queued across exchanges: random circuits against statevector.qubit, reads in between
// (every rank must relabel its local qubits alike, or the state read back is scrambled). And the
// exchange planner: a global wire used over and over costs one exchange, the local qubit that leaves
// being the one no gate needs (the furthest next use), not one the next gate needs.
void tiles() {
  for (unsigned n : {13u}) {
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      const auto circuit = sv_test::random_circuit(n, 150, seed * 31 + n);
      auto mpi = make_mpi(R"({"tile_qubits": 10, "tile_min_qubits": 11, "threads": 2, "parallel_min_qubits": 0})");
      auto ref = make_twin(R"({"tiles": false})");
      mpi->allocate_qubits(n);
      ref->allocate_qubits(n);
      run_circuit(*mpi, circuit);
      run_circuit(*ref, circuit);
      const std::string tag = "tiles n=" + std::to_string(n) + " seed=" + std::to_string(seed);
      check(max_diff(read_state(*mpi), read_state(*ref)) < tol(1e-12), tag + ": state differs from statevector.qubit");
      const auto o = pauli_word({{K::PauliZ, 1}, {K::PauliX, static_cast<qrt::sdk::Wire>(n - 1)}}, 1.0);
      check(std::abs(mpi->expval(o) - ref->expval(o)) < tol(1e-12), tag + ": expval differs");
      const auto more = sv_test::random_circuit(n, 80, seed + 7);
      run_circuit(*mpi, more);
      run_circuit(*ref, more);
      // A Hamiltonian straight after queued gates: its expval flushes the planner's queue and the tiled
      // queue before it maps wires, then swaps in the global qubits its X/Y factors move.
      qrt::sdk::Observable h = pauli_word({{K::PauliX, 0}, {K::PauliY, n - 1}}, 0.4);
      h.terms.push_back(pauli_word({{K::PauliZ, n - 2}, {K::PauliX, 3}}, -0.7).terms[0]);
      h.terms.push_back(pauli_word({{K::PauliY, 1}, {K::PauliY, 6}, {K::PauliZ, 0}}, 0.25).terms[0]);
      check(std::abs(mpi->expval(h) - ref->expval(h)) < tol(1e-12), tag + ": expval of a Hamiltonian differs");
      check(max_diff(read_state(*mpi), read_state(*ref)) < tol(1e-12), tag + ": state after a read and more gates");
      check(mpi->tile_stats().runs > 0, tag + ": the tiled path did not run");
    }
  }
  // Classical reversible gates (a ripple of CNOTs and Toffolis, controlled swaps) over a superposition:
  // each rank composes its runs' sequences of them into one move of a tile's amplitudes
  // (tile_permutation.hpp); those with a control on a global wire stay gates of their own.
  {
    using qrt::sdk::Wire;
    constexpr unsigned n = 13;
    auto mpi = make_mpi(R"({"tile_qubits": 10, "tile_min_qubits": 11})");
    auto ref = make_twin(R"({"tiles": false})");
    mpi->allocate_qubits(n);
    ref->allocate_qubits(n);
    const auto both = [&](const sv_test::GateInvocation& gate) {
      mpi->apply_gate(gate.call());
      ref->apply_gate(gate.call());
    };
    for (Wire w = 0; w < n; ++w) both({"RY", {0.3 + 0.05 * static_cast<double>(w)}, {w}, {}, {}, false});
    for (Wire round = 0; round < 2; ++round) {
      for (Wire w = 0; w + 2 < n; ++w) {
        both({"CNOT", {}, {w + 2, w + 1}, {}, {}, false});
        both({"Toffoli", {}, {w, w + 1, w + 2}, {}, {}, false});
      }
      for (Wire w = 2; w + 4 < n; ++w) both({"CSWAP", {}, {round, w, w + 4}, {}, {}, false});
      both({"RX", {0.4}, {Wire{5} + round}, {}, {}, false});
    }
    check(max_diff(read_state(*mpi), read_state(*ref)) < tol(1e-12), "tiles: reversible gates: state differs");
    check(mpi->tile_stats().composed_ops > 0, "tiles: reversible gates: no sequence was composed");
  }
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size != 2) return;
  // n = 6 on 2 ranks: wire 0 is the global qubit, wires 1-5 the local ones (wire 5 the lowest).
  auto mpi = make_mpi(R"({"tiles": false})");
  auto ref = make_twin();
  mpi->allocate_qubits(6);
  ref->allocate_qubits(6);
  // Each round: a CNOT from the global wire 0 to wire 1 (so wire 1's gates wait for wire 0's), a rotation
  // on wire 0 (which needs it local) and on wires 1 and 2. Wire 1 is needed right after the exchange:
  // evicting it would cost a second exchange at once; wires 3-5 are never needed.
  for (int rep = 0; rep < 4; ++rep) {
    const sv_test::GateInvocation gates[] = {{"CNOT", {}, {0, 1}, {}, {}, false},
                                             {"RX", {0.3 + rep}, {0}, {}, {}, false},
                                             {"RY", {0.5 - rep}, {1}, {}, {}, false},
                                             {"RZ", {0.7 + rep}, {2}, {}, {}, false}};
    for (const auto& gate : gates) {
      mpi->apply_gate(gate.call());
      ref->apply_gate(gate.call());
    }
  }
  check(max_diff(read_state(*mpi), read_state(*ref)) < tol(1e-12), "exchange planner: state differs");
  check(mpi->exchange_stats().exchanges == 1,
        "exchange planner: " + std::to_string(mpi->exchange_stats().exchanges) + " exchanges where 1 suffices");
}

// Measurement with collapse on every wire (global ones included): the state after the outcome equals
// statevector.qubit's after postselecting that outcome; outcomes agree on every rank.
void measure_collapse() {
  const unsigned n = 6;
  const auto circuit = sv_test::random_circuit(n, 60, 77);
  auto mpi = make_mpi(R"({"seed": 5})");
  auto ref = make_twin();
  mpi->allocate_qubits(n);
  ref->allocate_qubits(n);
  run_circuit(*mpi, circuit);
  run_circuit(*ref, circuit);
  for (qrt::sdk::Wire w = 0; w < static_cast<qrt::sdk::Wire>(n); ++w) {
    const int outcome = mpi->measure(w, std::nullopt);
    int lowest = outcome, highest = outcome;
    MPI_Allreduce(&outcome, &lowest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&outcome, &highest, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    check(lowest == highest, "measure: ranks saw different outcomes");
    ref->measure(w, outcome);
    check(max_diff(read_state(*mpi), read_state(*ref)) < tol(1e-12),
          "measure: collapsed state of wire " + std::to_string(w));
  }
  // reset_wire leaves |0>; postselecting an impossible outcome is an error on every rank.
  mpi->reset_wire(0);
  std::vector<double> p(2);
  mpi->probs(std::vector<qrt::sdk::Wire>{0}, p);
  check(std::abs(p[0] - 1.0) < tol(1e-12), "reset_wire: wire 0 is not |0>");
  bool threw = false;
  try {
    mpi->measure(0, 1);
  } catch (const qrt::sdk::Error& e) {
    threw = e.code() == QRT_ERROR_FAILED_PRECONDITION;
  }
  check(threw, "measure: postselecting an impossible outcome did not fail");
}

// Sampling: the same seed gives the same shots (on every rank, and run after run); frequencies follow
// the probabilities (within 5 standard deviations).
void sampling() {
  const unsigned n = 6;
  const auto circuit = sv_test::random_circuit(n, 50, 99);
  std::vector<std::vector<std::uint8_t>> runs;
  const std::uint64_t shots = 20000;
  for (int r = 0; r < 2; ++r) {
    auto mpi = make_mpi(R"({"seed": 42, "shots": 20000})");
    mpi->allocate_qubits(n);
    run_circuit(*mpi, circuit);
    std::vector<std::uint8_t> out(shots * 3);
    mpi->sample(std::vector<qrt::sdk::Wire>{0, 5, 2}, out);
    runs.push_back(out);
    if (r == 0) {
      std::vector<double> p(8);
      mpi->probs(std::vector<qrt::sdk::Wire>{0, 5, 2}, p);
      std::vector<double> freq(8, 0.0);
      for (std::uint64_t s = 0; s < shots; ++s) freq[out[s * 3] * 4 + out[s * 3 + 1] * 2 + out[s * 3 + 2]] += 1;
      for (int i = 0; i < 8; ++i) {
        const double sigma = std::sqrt(shots * p[i] * (1 - p[i])) + 1;
        check(std::abs(freq[i] - shots * p[i]) < 5 * sigma, "sample: outcome " + std::to_string(i) + " frequency");
      }
    }
  }
  check(runs[0] == runs[1], "sample: same seed, different shots");
  // Every rank returns the same shots.
  unsigned long long hash = 1469598103934665603ull;
  for (auto b : runs[0]) hash = (hash ^ b) * 1099511628211ull;
  unsigned long long lo = hash, hi = hash;
  MPI_Allreduce(&hash, &lo, 1, MPI_UNSIGNED_LONG_LONG, MPI_MIN, MPI_COMM_WORLD);
  MPI_Allreduce(&hash, &hi, 1, MPI_UNSIGNED_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
  check(lo == hi, "sample: ranks returned different shots");
}

// expval/var with shots (finite-shot estimates in the observable's eigenbasis, global wires included):
// within 5 standard deviations of statevector.qubit's exact values, the same on every rank and for the
// same seed, the state left as it was; var of terms without a shared eigenbasis is refused.
void shot_estimates() {
  const unsigned n = 6;
  const std::uint64_t shots = 20000;
  const auto circuit = sv_test::random_circuit(n, 50, 123);
  auto ref = make_twin();
  ref->allocate_qubits(n);
  run_circuit(*ref, circuit);
  qrt::sdk::Observable sum = pauli_word({{K::PauliZ, 0}, {K::PauliY, 5}}, 0.5);  // with -X2: one eigenbasis
  sum.terms.push_back(pauli_word({{K::PauliX, 2}}, -1.0).terms[0]);
  qrt::sdk::Observable clash = pauli_word({{K::PauliZ, 0}}, 1.0);  // Z0 + X0: measured term by term
  clash.terms.push_back(pauli_word({{K::PauliX, 0}}, 1.0).terms[0]);
  qrt::sdk::Observable hermitian = pauli_word({{K::Hermitian, 4}}, 1.0);
  hermitian.terms[0].factors[0].matrix = {1.0, {0.5, -0.5}, {0.5, 0.5}, -0.3};
  struct Case {
    const char* name;
    qrt::sdk::Observable o;
    double bound;           // max |value| of one shot
    double estimate_sigma;  // standard deviation of the expval estimate
    bool var_refused;
  };
  const double per_shot = 1.0 / static_cast<double>(shots);
  const auto sigma = [&](const qrt::sdk::Observable& o) { return std::sqrt(ref->var(o) * per_shot); };
  const double clash_sigma =  // two independent estimates, one per term
      std::sqrt((ref->var(pauli_word({{K::PauliZ, 0}}, 1.0)) + ref->var(pauli_word({{K::PauliX, 0}}, 1.0))) * per_shot);
  const qrt::sdk::Observable x5 = pauli_word({{K::PauliX, 5}}, 1.0);
  const std::vector<Case> cases = {{"X5", x5, 1.0, sigma(x5), false},
                                   {"0.5 Z0 Y5 - X2", sum, 1.5, sigma(sum), false},
                                   {"Z0 + X0", clash, 2.0, clash_sigma, true},
                                   {"Hermitian on 4", hermitian, 1.3, sigma(hermitian), false}};
  std::vector<double> first_run;
  for (int run = 0; run < 2; ++run) {
    auto mpi = make_mpi(R"({"seed": 11, "shots": 20000})");
    mpi->allocate_qubits(n);
    run_circuit(*mpi, circuit);
    const sv_test::State before = read_state(*mpi);
    std::vector<double> got;
    for (const Case& c : cases) {
      const double expval = mpi->expval(c.o);
      got.push_back(expval);
      const std::string tag = std::string("shot estimate of ") + c.name;
      check(std::abs(expval - ref->expval(c.o)) < 5 * c.estimate_sigma + 1e-9,
            tag + ": expval " + std::to_string(expval) + " vs exact " + std::to_string(ref->expval(c.o)));
      if (c.var_refused) {
        bool refused = false;
        try {
          mpi->var(c.o);
        } catch (const qrt::sdk::Error& e) {
          refused = e.code() == QRT_ERROR_UNSUPPORTED && std::string(e.what()).find("eigenbasis") != std::string::npos;
        }
        check(refused, tag + ": var of terms without a shared eigenbasis was not refused");
        continue;
      }
      const double var = mpi->var(c.o);
      got.push_back(var);
      // The sample variance of values bounded by B is within ~B^2/sqrt(shots) per standard deviation.
      check(std::abs(var - ref->var(c.o)) < 5 * c.bound * c.bound / std::sqrt(static_cast<double>(shots)),
            tag + ": var " + std::to_string(var) + " vs exact " + std::to_string(ref->var(c.o)));
    }
    check(max_diff(read_state(*mpi), before) < tol(1e-12), "shot estimates changed the state");
    if (run == 0) first_run = got;
    else check(got == first_run, "shot estimates: same seed, different estimates");
  }
  for (double v : first_run) {
    double lo = v, hi = v;
    MPI_Allreduce(&v, &lo, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&v, &hi, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    check(lo == hi, "shot estimates: ranks returned different values");
  }
}

// Growing (a second allocation) and releasing some qubits keep the state right.
void allocation() {
  auto mpi = make_mpi(R"({"seed": 3})");
  auto ref = make_twin(R"({"seed": 3})");
  const auto first = sv_test::random_circuit(6, 30, 5);
  mpi->allocate_qubits(6);
  ref->allocate_qubits(6);
  run_circuit(*mpi, first);
  run_circuit(*ref, first);
  mpi->allocate_qubits(3);
  ref->allocate_qubits(3);
  check(max_diff(read_state(*mpi), read_state(*ref)) < tol(1e-12), "allocation: state right after growing");
  const auto second = sv_test::random_circuit(9, 40, 6);
  run_circuit(*mpi, second);
  run_circuit(*ref, second);
  check(max_diff(read_state(*mpi), read_state(*ref)) < tol(1e-12), "allocation: state after growing");
  // Measure wires 0 and 7 first, so that releasing them does not depend on a random outcome.
  const std::vector<qrt::sdk::Wire> gone = {0, 7};
  for (qrt::sdk::Wire w : gone) ref->measure(w, mpi->measure(w, std::nullopt));
  mpi->release_qubits(gone);
  ref->release_qubits(gone);
  check(mpi->num_qubits() == 7, "allocation: release left the wrong count");
  check(max_diff(read_state(*mpi), read_state(*ref)) < tol(1e-12), "allocation: state after releasing a qubit");
  mpi->reset();
  mpi->allocate_qubits(5);
  std::vector<double> p(32);
  mpi->probs({}, p);
  check(std::abs(p[0] - 1.0) < tol(1e-15), "allocation: reset did not give |0...0>");
}

// The error a call raises, as status code and message; {QRT_OK, ""} when it raises none.
std::pair<int, std::string> error_of(const std::function<void()>& call) {
  try {
    call();
  } catch (const qrt::sdk::Error& e) {
    return {e.code(), e.what()};
  }
  return {QRT_OK, ""};
}

// The checks of the device shell both devices share (sim_common's StatevectorShell, WireMap): the
// same bad call gives the same status and the same message on statevector.mpi as on statevector.qubit.
void shared_errors() {
  auto mpi = make_mpi();
  auto twin = make_twin();
  mpi->allocate_qubits(3);
  twin->allocate_qubits(3);
  using Call = std::function<void(qrt::sdk::Device&)>;
  const qrt::sdk::Wire twice[] = {2, 2}, unknown[] = {9};
  const qrt::sdk::Observable on_missing{{{1.0, {{K::PauliZ, {42}, {}}}}}};
  const std::pair<const char*, Call> calls[] = {
      {"allocate_qubits beyond max_qubits", [](qrt::sdk::Device& d) { d.allocate_qubits(100); }},
      {"release_qubits of a wire listed twice", [&](qrt::sdk::Device& d) { d.release_qubits(twice); }},
      {"probs of a wire listed twice",
       [&](qrt::sdk::Device& d) {
         std::vector<double> p(4);
         d.probs(twice, p);
       }},
      {"probs of a wire never allocated",
       [&](qrt::sdk::Device& d) {
         std::vector<double> p(2);
         d.probs(unknown, p);
       }},
      {"sample without shots",
       [](qrt::sdk::Device& d) {
         std::vector<std::uint8_t> rows(3);
         d.sample({}, rows);
       }},
      {"state into a too small output",
       [](qrt::sdk::Device& d) {
         sv_test::State s(4);
         d.state(s);
       }},
      {"expval on a wire never allocated", [&](qrt::sdk::Device& d) { d.expval(on_missing); }},
      {"var on a wire never allocated", [&](qrt::sdk::Device& d) { d.var(on_missing); }},
  };
  for (const auto& [what, call] : calls) {
    const auto on_mpi = error_of([&] { call(*mpi); });
    const auto on_twin = error_of([&] { call(*twin); });
    check(on_twin.first != QRT_OK, std::string("shell: statevector.qubit accepted ") + what);
    check(on_mpi == on_twin, std::string("shell: ") + what + ": statevector.mpi says [" + on_mpi.second +
                                 "], statevector.qubit [" + on_twin.second + "]");
  }
  check(mpi->num_qubits() == 3, "shell: a refused call changed the qubit count");
  check(mpi->capabilities().collective && !twin->capabilities().collective,
        "shell: only statevector.mpi is collective");
  auto mpi_caps = Device::capabilities();
  mpi_caps.collective = false;
  check(mpi_caps.to_json() == qrt::sv::StatevectorDevice::capabilities().to_json(),
        "shell: the two devices' capabilities differ beyond `collective`");
  check(Device::schema().to_json() == qrt::sv::StatevectorDevice::schema().to_json(),
        "shell: the two devices' kwargs schemas differ");
}

// n < log2(P) is refused with a clear error (P = 4 only; P = 3 is tested by the "ranks" case).
void errors() {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size < 4) return;
  auto mpi = make_mpi();
  bool threw = false;
  try {
    mpi->allocate_qubits(1);
  } catch (const qrt::sdk::Error& e) {
    threw = std::string(e.what()).find("log2 P") != std::string::npos;
    if (g_rank == 0) std::printf("expected error: %s\n", e.what());
  }
  check(threw, "errors: 1 qubit on 4 ranks was accepted");
  // A 4-qubit dense gate on 5 qubits over 4 ranks: only 3 qubits are local.
  mpi->allocate_qubits(5);
  threw = false;
  try {
    const sv_test::GateInvocation gate{"DoubleExcitation", {0.3}, {0, 1, 2, 3}, {}, {}, false};
    mpi->apply_gate(gate.call());
  } catch (const qrt::sdk::Error& e) {
    threw =
        e.code() == QRT_ERROR_UNSUPPORTED && std::string(e.what()).find("needs 4 local qubits") != std::string::npos;
    if (g_rank == 0) std::printf("expected error: %s\n", e.what());
  }
  check(threw, "errors: a 4-qubit gate with 3 local qubits was accepted");
}

// Capacity: at n = 26 over 4 ranks, each rank's peak RSS (VmHWM, after gates on every qubit, global
// ones included) is at most half of the state a single process needs (1 GiB; 512 MiB in single
// precision), and memory_bytes counts the chunk's real element size.
double peak_rss_bytes() {
  std::ifstream in("/proc/self/status");
  std::string key;
  while (in >> key) {
    if (key == "VmHWM:") {
      double kib = 0;
      in >> kib;
      return kib * 1024.0;
    }
    in.ignore(1 << 12, '\n');
  }
  return 1e300;
}

void memory() {
  const unsigned n = 26;
  auto mpi = make_mpi(R"({"threads": 1})");
  mpi->allocate_qubits(n);
  for (qrt::sdk::Wire w = 0; w < static_cast<qrt::sdk::Wire>(n); ++w) {
    const sv_test::GateInvocation h{"Hadamard", {}, {w}, {}, {}, false};
    mpi->apply_gate(h.call());
  }
  std::vector<double> p(2);
  mpi->probs(std::vector<qrt::sdk::Wire>{0}, p);
  check(std::abs(p[0] - 0.5) < tol(1e-12), "memory: H on every qubit did not give uniform probabilities");
  const double amplitude_bytes = g_single ? 8.0 : 16.0;
  const double single_process_state = std::ldexp(amplitude_bytes, n);
  const double chunk = single_process_state / mpi->ranks();
  check(static_cast<double>(mpi->memory_bytes()) >= chunk &&
            static_cast<double>(mpi->memory_bytes()) <= chunk + std::ldexp(1.0, 25) + 65536,
        "memory: memory_bytes " + std::to_string(mpi->memory_bytes()) + " is not this rank's chunk (" +
            std::to_string(chunk) + " bytes) plus at most two 16 MiB exchange pieces");
  const double peak = peak_rss_bytes();
  if (g_rank == 0)
    std::printf("rank 0 peak RSS %.1f MiB; a single process needs %.0f MiB for the state alone\n", peak / 1048576,
                single_process_state / 1048576);
  check(peak <= single_process_state / 2,
        "memory: peak RSS " + std::to_string(peak) + " > half of one process's state");
}

// P not a power of two: constructing the device fails with a message naming the rank count.
int ranks_case() {
  try {
    make_mpi();
  } catch (const qrt::sdk::Error& e) {
    if (g_rank == 0) std::printf("expected error: %s\n", e.what());
    return std::string(e.what()).find("power of two") != std::string::npos ? 0 : 1;
  }
  return 1;
}

// A plugin linking libmpi loads with RTLD_LOCAL (as qrt loads plugins) and exports its entry point.
int rtld_case(const char* path) {
  void* handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    std::fprintf(stderr, "dlopen(RTLD_LOCAL) failed: %s\n", dlerror());
    return 1;
  }
  return dlsym(handle, "qrt_plugin_entry") ? 0 : (std::fprintf(stderr, "no qrt_plugin_entry\n"), 1);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string which = argc > 1 ? argv[1] : "";
  g_single = argc > 2 && std::string(argv[2]) == "single";
  if (which == "rtld") return argc > 2 ? rtld_case(argv[2]) : 2;
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);  // the device must accept this
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  int rc = 0;
  try {
    if (which == "circuits") circuits();
    else if (which == "tiles") tiles();
    else if (which == "measure") measure_collapse();
    else if (which == "sample") {
      sampling();
      shot_estimates();
    } else if (which == "allocation") allocation();
    else if (which == "errors") errors();
    else if (which == "shell") shared_errors();
    else if (which == "memory") memory();
    else if (which == "ranks") rc = ranks_case();
    else {
      std::fprintf(stderr, "unknown case '%s'\n", which.c_str());
      rc = 2;
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "rank %d: unexpected exception: %s\n", g_rank, e.what());
    rc = 1;
  }
  int mine = rc != 0 || g_failures != 0, any = 0;
  MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return any;
}
