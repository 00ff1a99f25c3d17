// statevector.mpi's distributed read-out (the extension qrt.distributed_readout/1, called through its C
// table as the host calls it) and its draws, under mpirun -n 1, 2, 4, against statevector.qubit and
// against expectations computed here from statevector.qubit's results. Every rank checks what it got; the
// job fails when any rank saw a mismatch.
// Usage: mpi_readout_check <case> [single], case = tables | top | state | sample | errors, or
//        mpi_readout_check memory [n].
#include "device/mpi_device.hpp"
#include "device_helpers.hpp"

#include <qrt/extensions/distributed_readout.h>

#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <numeric>
#include <random>
#include <string>

namespace {

int g_failures = 0;
int g_rank = 0;
bool g_single = false;

double tol(double double_tolerance) { return g_single ? 1e-5 : double_tolerance; }

void check(bool ok, const std::string& what) {
  if (ok) return;
  ++g_failures;
  std::fprintf(stderr, "rank %d: FAILED: %s\n", g_rank, what.c_str());
}

using Device = qrt::mpi::MpiStatevectorDevice;
using Wires = std::vector<qrt::sdk::Wire>;

std::string with_precision(const std::string& kwargs_json) {
  if (!g_single) return kwargs_json;
  const std::size_t close = kwargs_json.rfind('}');
  const bool empty = kwargs_json.find(':') == std::string::npos;
  return kwargs_json.substr(0, close) + (empty ? "" : ", ") + R"("precision": "single"})";
}

std::unique_ptr<Device> make_mpi(const std::string& kwargs = "{}") {
  return std::make_unique<Device>(qrt::sdk::Kwargs::from_json(with_precision(kwargs), Device::schema()));
}

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

template <class D>
sv_test::State read_state(D& device) {
  sv_test::State s(device.state_size());
  device.state(s);
  return s;
}

// The extension as the host sees it: a C table found by id, called with the instance's handle.
const qrt_distributed_readout_extension& readout() {
  const auto* found =
      static_cast<const qrt_distributed_readout_extension*>(Device::extension(QRT_EXTENSION_DISTRIBUTED_READOUT));
  if (!found) throw std::runtime_error("statevector.mpi does not offer " QRT_EXTENSION_DISTRIBUTED_READOUT);
  return *found;
}
qrt_device* handle(Device& d) { return reinterpret_cast<qrt_device*>(static_cast<qrt::sdk::Device*>(&d)); }

// A call's error as (code, message), destroying it; {QRT_OK, ""} on success.
std::pair<int, std::string> take(qrt_error* error) {
  if (!error) return {QRT_OK, ""};
  std::pair<int, std::string> out{error->code, error->message};
  error->destroy(error);
  return out;
}

// Collects a streamed table on rank 0 and checks the pieces arrive in order, each index once.
struct Collected {
  std::vector<double> values;  // doubles as delivered (2 per amplitude for a state)
  int doubles_per_value = 1;
  bool in_order = true;
  std::size_t calls = 0;
  int fail_at_call = -1;  // >= 0: return an error status at that call
  static int32_t sink(void* context, uint64_t first, const double* values, size_t count) {
    auto& self = *static_cast<Collected*>(context);
    if (static_cast<int>(self.calls++) == self.fail_at_call) return QRT_ERROR_OUT_OF_RANGE;
    if (first * static_cast<std::size_t>(self.doubles_per_value) != self.values.size()) self.in_order = false;
    self.values.insert(self.values.end(), values, values + count * static_cast<std::size_t>(self.doubles_per_value));
    return QRT_OK;
  }
};

std::vector<double> twin_probs(qrt::sv::StatevectorDevice& twin, const Wires& wires) {
  const std::size_t m = wires.empty() ? twin.num_qubits() : wires.size();
  std::vector<double> p(std::size_t{1} << m);
  twin.probs(wires, p);
  return p;
}

double max_abs_diff(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return 1e300;
  double d = 0;
  for (std::size_t i = 0; i < a.size(); ++i) d = std::max(d, std::abs(a[i] - b[i]));
  return d;
}

struct Pair {
  std::unique_ptr<Device> mpi;
  std::unique_ptr<qrt::sv::StatevectorDevice> twin;
};

// One thread per rank: several ranks share the cores under --oversubscribe, where OpenMP teams would
// spin against each other.
Pair prepared(unsigned n, std::uint64_t seed, const std::string& kwargs = R"({"threads": 1})") {
  Pair p{make_mpi(kwargs), make_twin(kwargs)};
  p.mpi->allocate_qubits(n);
  p.twin->allocate_qubits(n);
  const auto circuit = sv_test::random_circuit(n, 8 * n, seed);
  run_circuit(*p.mpi, circuit);
  run_circuit(*p.twin, circuit);
  return p;
}

// Wire lists: all (empty), a scrambled subset with the highest wire first, a single wire (fewer outcomes
// than ranks at P = 4), every wire reversed.
std::vector<Wires> wire_lists(unsigned n) {
  Wires reversed(n);
  std::iota(reversed.rbegin(), reversed.rend(), qrt::sdk::Wire{0});
  return {Wires{}, Wires{n - 1, 0, 2, 5}, Wires{1}, reversed};
}

// Probability tables streamed to rank 0 equal statevector.qubit's probs, in order; the device's state is
// unchanged by the read-out. n = 18 puts several pieces in each block.
void tables() {
  for (unsigned n : {7u, 18u}) {
    Pair p = prepared(n, 70 + n);
    const sv_test::State before = read_state(*p.twin);
    for (const Wires& wires : wire_lists(n)) {
      const std::string tag = "n=" + std::to_string(n) + " wires=" + std::to_string(wires.size());
      Collected got;
      const auto [code, message] =
          take(readout().probs_to_rank0(handle(*p.mpi), wires.data(), wires.size(), &Collected::sink, &got));
      check(code == QRT_OK, tag + ": probs_to_rank0 failed: " + message);
      if (g_rank != 0) {
        check(got.calls == 0, tag + ": the sink was called on a rank other than 0");
        continue;
      }
      check(got.in_order, tag + ": pieces out of order");
      check(max_abs_diff(got.values, twin_probs(*p.twin, wires)) < tol(1e-12),
            tag + ": table differs from statevector.qubit's");
    }
    const sv_test::State after = read_state(*p.mpi);
    double d = 0;
    for (std::size_t i = 0; i < before.size(); ++i) d = std::max(d, std::abs(after[i] - before[i]));
    check(d < tol(1e-12), "tables: the read-out changed the state");
  }
}

// The expected top-K from a full table: the K largest above the threshold, ties by lower index.
std::vector<std::pair<std::uint64_t, double>> expected_top(const std::vector<double>& p, std::size_t k,
                                                           double threshold) {
  std::vector<std::pair<std::uint64_t, double>> all;
  for (std::size_t i = 0; i < p.size(); ++i)
    if (p[i] > threshold) all.emplace_back(i, p[i]);
  std::stable_sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  if (all.size() > k) all.resize(k);
  return all;
}

void top() {
  const unsigned n = 9;
  Pair p = prepared(n, 17);
  // Some exact ties and zeros too: |+>|0> on a second device pair.
  Pair flat{make_mpi(R"({"threads": 1})"), make_twin(R"({"threads": 1})")};
  flat.mpi->allocate_qubits(n);
  flat.twin->allocate_qubits(n);
  for (qrt::sdk::Wire w = 0; w < 5; ++w) {
    const sv_test::GateInvocation h{"Hadamard", {}, {w}, {}, {}, false};
    flat.mpi->apply_gate(h.call());
    flat.twin->apply_gate(h.call());
  }
  for (Pair* pair : {&p, &flat}) {
    for (const Wires& wires : wire_lists(n)) {
      const std::vector<double> table = twin_probs(*pair->twin, wires);
      for (std::size_t k : {std::size_t{1}, std::size_t{5}, std::size_t{40}, table.size()}) {
        if (k > table.size()) continue;  // refused: errors() checks that
        for (double threshold : {0.0, 1e-12, 0.004}) {
          const std::string tag = "top k=" + std::to_string(k) + " of " + std::to_string(table.size()) +
                                  " threshold=" + std::to_string(threshold) + (pair == &flat ? " (ties)" : "");
          std::vector<qrt_outcome_probability> entries(k);
          qrt_top_outcomes out{sizeof(qrt_top_outcomes), entries.data(), 0, 0, 0.0, 0.0};
          const auto [code, message] =
              take(readout().top_outcomes(handle(*pair->mpi), wires.data(), wires.size(), k, threshold, &out));
          check(code == QRT_OK, tag + ": failed: " + message);
          if (g_rank != 0) {
            check(out.count == 0, tag + ": wrote results on a rank other than 0");
            continue;
          }
          const auto expected = expected_top(table, k, threshold);
          bool same = out.count == expected.size();
          double kept = 0;
          for (std::size_t i = 0; same && i < out.count; ++i) {
            // Equal probabilities must list the same outcome; near-equal ones may swap within rounding.
            same = std::abs(entries[i].probability - expected[i].second) < tol(1e-12) &&
                   (entries[i].outcome == expected[i].first ||
                    std::abs(table[entries[i].outcome] - expected[i].second) < tol(1e-12));
            kept += expected[i].second;
          }
          check(same, tag + ": entries differ from the full table's selection");
          const auto above = static_cast<std::uint64_t>(
              std::count_if(table.begin(), table.end(), [&](double v) { return v > threshold; }));
          check(g_single || out.above_threshold == above, tag + ": count above the threshold");
          check(std::abs(out.total_probability - std::accumulate(table.begin(), table.end(), 0.0)) < tol(1e-12),
                tag + ": total probability");
          check(std::abs(out.kept_probability - kept) < tol(1e-12), tag + ": kept probability");
        }
      }
    }
  }
}

// The state streamed to rank 0 in allocation order and over a permutation of the wires.
void state() {
  for (unsigned n : {7u, 17u}) {
    Pair p = prepared(n, 300 + n);
    const sv_test::State twin = read_state(*p.twin);
    Wires reversed(n), rotated(n);
    std::iota(reversed.rbegin(), reversed.rend(), qrt::sdk::Wire{0});
    for (unsigned j = 0; j < n; ++j) rotated[j] = (j + 3) % n;
    for (const Wires& wires : {Wires{}, reversed, rotated}) {
      const std::string tag = "state n=" + std::to_string(n) + (wires.empty() ? " allocation order" : " permuted");
      Collected got;
      got.doubles_per_value = 2;
      check(take(readout().state_to_rank0(handle(*p.mpi), wires.data(), wires.size(), &Collected::sink, &got)).first ==
                QRT_OK,
            tag + ": failed");
      if (g_rank != 0) continue;
      check(got.in_order && got.values.size() == 2 * twin.size(), tag + ": pieces out of order or missing");
      // Index i over `wires` (wires[0] most significant) is twin index over allocation order.
      double d = 0;
      for (std::size_t i = 0; i < twin.size() && 2 * i + 1 < got.values.size(); ++i) {
        std::size_t t = i;
        if (!wires.empty()) {
          t = 0;
          for (unsigned j = 0; j < n; ++j) t |= ((i >> (n - 1 - j)) & 1u) << (n - 1 - wires[j]);
        }
        d = std::max(d, std::abs(std::complex<double>(got.values[2 * i], got.values[2 * i + 1]) - twin[t]));
      }
      check(d < tol(1e-12), tag + ": amplitudes differ from statevector.qubit's (max " + std::to_string(d) + ")");
    }
  }
}

// Shots: exactly the outcomes an inverse CDF of the same uniform draws gives on statevector.qubit's
// distribution (so the same for every P), and, where the outcomes are few enough, counts that pass a
// chi-square test against it. n = 18 over every wire takes the block walk (more than 16 wires); the others
// the reduced table.
void sample() {
  const std::uint64_t shots = 20000;
  struct Case {
    unsigned n;
    Wires wires;
  };
  for (const Case& c : {Case{8, {}}, Case{8, {7, 0, 3}}, Case{8, {2}}, Case{18, {}},
                        Case{18, {17, 3, 9, 0, 1, 2, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 16}}}) {
    Pair p = prepared(c.n, 5, R"({"seed": 42, "shots": 20000, "threads": 1})");
    const Wires& wires = c.wires;
    const std::size_t m = wires.empty() ? c.n : wires.size();
    std::vector<std::uint8_t> rows(shots * m);
    p.mpi->sample(wires, rows);
    const std::vector<double> table = twin_probs(*p.twin, wires);
    std::mt19937_64 rng(42);
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    std::vector<double> cdf(table.size());
    std::partial_sum(table.begin(), table.end(), cdf.begin());
    std::size_t mismatches = 0;
    std::vector<double> counts(table.size(), 0.0);
    for (std::uint64_t s = 0; s < shots; ++s) {
      const double target = uniform(rng) * cdf.back();
      const auto expected = static_cast<std::uint64_t>(std::upper_bound(cdf.begin(), cdf.end(), target) - cdf.begin());
      std::uint64_t got = 0;
      for (std::size_t j = 0; j < m; ++j) got = (got << 1) | rows[s * m + j];
      mismatches += got != std::min<std::uint64_t>(expected, table.size() - 1);
      counts[got] += 1;
    }
    const std::string tag = "sample of " + std::to_string(m) + " of " + std::to_string(c.n) + " wires";
    // Single precision: the CDFs differ by ~1e-7 (summed over up to 2^18 outcomes of ~4e-6 each), so a few
    // shots near a boundary land next door.
    check(mismatches <= (g_single ? shots / 200 : 0),
          tag + ": " + std::to_string(mismatches) + " shots differ from the inverse CDF of the shared draws");
    if (table.size() > shots / 20) continue;  // too few shots per outcome for a chi-square test
    double chi2 = 0, dof = -1;
    for (std::size_t o = 0; o < table.size(); ++o) {
      const double e = table[o] * static_cast<double>(shots);
      if (e < 1e-9) {
        check(counts[o] == 0, tag + ": an outcome of probability 0 was drawn");
        continue;
      }
      chi2 += (counts[o] - e) * (counts[o] - e) / e;
      dof += 1;
    }
    // chi-square with dof degrees of freedom: mean dof, standard deviation sqrt(2 dof); 5 sigma.
    check(chi2 < dof + 5 * std::sqrt(2 * std::max(dof, 1.0)),
          tag + ": chi-square " + std::to_string(chi2) + " for " + std::to_string(dof) + " degrees of freedom");
  }
}

// Bad calls fail on every rank with the same status and a message that says what is wrong, and the
// device stays usable (no rank is left inside a collective).
void errors() {
  const unsigned n = 6;
  Pair p = prepared(n, 9);
  const auto& ext = readout();
  qrt_device* d = handle(*p.mpi);
  const Wires unknown = {0, 99}, twice = {1, 1}, missing = {0, 1, 2};
  std::vector<qrt_outcome_probability> entries(64);
  qrt_top_outcomes out{sizeof(qrt_top_outcomes), entries.data(), 0, 0, 0.0, 0.0};
  struct Case {
    const char* name;
    std::function<qrt_error*()> call;
    int code;
    const char* says;
  };
  Collected fails_second;
  fails_second.fail_at_call = 1;
  Collected fails_first;
  fails_first.fail_at_call = 0;
  Collected fails_state;
  fails_state.fail_at_call = 0;
  fails_state.doubles_per_value = 2;
  const Wires three = {0, 1, 2};
  const Case cases[] = {
      {"k = 0", [&] { return ext.top_outcomes(d, nullptr, 0, 0, 0.0, &out); }, QRT_ERROR_INVALID_ARGUMENT,
       "k must be 1 to 2^6"},
      {"k > 2^m", [&] { return ext.top_outcomes(d, three.data(), 3, 9, 0.0, &out); }, QRT_ERROR_INVALID_ARGUMENT,
       "got 9"},
      {"negative threshold", [&] { return ext.top_outcomes(d, nullptr, 0, 4, -1.0, &out); }, QRT_ERROR_INVALID_ARGUMENT,
       "threshold"},
      {"NaN threshold", [&] { return ext.top_outcomes(d, nullptr, 0, 4, std::nan(""), &out); },
       QRT_ERROR_INVALID_ARGUMENT, "threshold"},
      {"unknown wire (top)", [&] { return ext.top_outcomes(d, unknown.data(), 2, 1, 0.0, &out); },
       QRT_ERROR_INVALID_ARGUMENT, "99"},
      {"NULL output on rank 0", [&] { return ext.top_outcomes(d, nullptr, 0, 1, 0.0, g_rank == 0 ? nullptr : &out); },
       QRT_ERROR_INVALID_ARGUMENT, "output struct"},
      {"unknown wire (probs)", [&] { return ext.probs_to_rank0(d, unknown.data(), 2, &Collected::sink, &fails_first); },
       QRT_ERROR_INVALID_ARGUMENT, "99"},
      {"repeated wire", [&] { return ext.probs_to_rank0(d, twice.data(), 2, &Collected::sink, &fails_first); },
       QRT_ERROR_INVALID_ARGUMENT, "twice"},
      {"NULL sink on rank 0", [&] { return ext.probs_to_rank0(d, nullptr, 0, nullptr, nullptr); },
       QRT_ERROR_INVALID_ARGUMENT, "no sink"},
      {"sink fails at once", [&] { return ext.probs_to_rank0(d, nullptr, 0, &Collected::sink, &fails_first); },
       QRT_ERROR_OUT_OF_RANGE, "sink stopped at index 0"},
      {"sink fails on a 1-wire table",
       [&] { return ext.probs_to_rank0(d, three.data(), 1, &Collected::sink, &fails_first); }, QRT_ERROR_OUT_OF_RANGE,
       "sink stopped"},
      {"state misses wires", [&] { return ext.state_to_rank0(d, missing.data(), 3, &Collected::sink, &fails_state); },
       QRT_ERROR_INVALID_ARGUMENT, "all 6"},
      {"state sink fails", [&] { return ext.state_to_rank0(d, nullptr, 0, &Collected::sink, &fails_state); },
       QRT_ERROR_OUT_OF_RANGE, "sink stopped"},
  };
  for (const Case& c : cases) {
    fails_first.calls = 0;
    fails_state.calls = 0;
    const auto [code, message] = take(c.call());
    if (g_rank == 0) std::printf("%-28s -> %s\n", c.name, message.c_str());
    check(code == c.code && message.find(c.says) != std::string::npos,
          std::string(c.name) + ": got status " + std::to_string(code) + " '" + message + "'");
    int lo = code, hi = code;
    MPI_Allreduce(&code, &lo, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&code, &hi, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    check(lo == hi, std::string(c.name) + ": the ranks disagree on the status");
  }
  // A sink that stops after its first piece of a multi-piece table (n = 18: pieces of 2^16).
  Pair big = prepared(18, 4);
  const auto [code, message] =
      take(readout().probs_to_rank0(handle(*big.mpi), nullptr, 0, &Collected::sink, &fails_second));
  check(code == QRT_ERROR_OUT_OF_RANGE && message.find("sink stopped at index 65536") != std::string::npos,
        "sink stopping at its second piece: '" + message + "'");
  if (g_rank == 0) check(fails_second.calls == 2, "the sink was called again after it stopped");
  // Still usable, and still right.
  Collected after;
  check(take(readout().probs_to_rank0(handle(*big.mpi), nullptr, 0, &Collected::sink, &after)).first == QRT_OK,
        "a read-out after a failed one failed");
  if (g_rank == 0)
    check(max_abs_diff(after.values, twin_probs(*big.twin, {})) < tol(1e-12), "the read-out after a failure");
}

// This process's memory from /proc/self/status, in MiB: "VmHWM:" (peak) or "VmRSS:" (now).
double status_mib(const std::string& field) {
  std::ifstream in("/proc/self/status");
  std::string key;
  while (in >> key) {
    if (key == field) {
      double kib = 0;
      in >> kib;
      return kib / 1024.0;
    }
    in.ignore(1 << 12, '\n');
  }
  return 1e300;
}

// At n qubits over the job's ranks: the whole table streamed, a top 256, 1000 shots of every wire and a
// shot-based expval raise no rank's peak RSS above what it held before allocating by more than the
// device's own memory (memory_bytes: the chunk and the exchange buffers) plus 32 MiB, where a gather would
// add the whole table (2^n * 8 bytes, 64 MiB at n = 23) or the state on some rank. CI runs n = 23;
// bench/mpi/readout_memory.py measures n = 26 against one statevector.qubit process.
void memory(unsigned n) {
  auto mpi = make_mpi(R"({"threads": 1, "seed": 3})");
  MPI_Barrier(MPI_COMM_WORLD);  // MPI's own buffers are in place before the baseline
  const double baseline = status_mib("VmRSS:");
  mpi->allocate_qubits(n);
  for (qrt::sdk::Wire w = 0; w < n; ++w) {
    const sv_test::GateInvocation ry{"RY", {0.3 + 0.01 * static_cast<double>(w)}, {w}, {}, {}, false};
    mpi->apply_gate(ry.call());
  }
  double sum = 0;
  std::uint64_t received = 0;
  mpi->probs_to_rank0({}, [&](std::uint64_t, const double* values, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) sum += values[i];
    received += count;
    return 0;
  });
  if (g_rank == 0) check(received == (std::uint64_t{1} << n) && std::abs(sum - 1) < 1e-9, "memory: the streamed table");
  const Device::TopOutcomes top = mpi->top_outcomes({}, 256, 1e-12);
  if (g_rank == 0) check(top.entries.size() == 256 && top.entries[0].outcome == 0, "memory: the top 256");
  mpi->set_shots(1000);
  std::vector<std::uint8_t> rows(1000 * n);
  mpi->sample({}, rows);
  qrt::sdk::Observable zx;
  zx.terms.push_back(
      {1.0, {{qrt::sdk::ObservableKind::PauliZ, {0}, {}}, {qrt::sdk::ObservableKind::PauliX, {n - 1}, {}}}});
  mpi->expval(zx);
  const double added = status_mib("VmHWM:") - baseline;
  const double device_mib = static_cast<double>(mpi->memory_bytes()) / 1048576.0;
  const double table_mib = std::ldexp(8.0, static_cast<int>(n)) / 1048576.0;
  if (g_rank == 0)
    std::printf(
        "rank 0, n = %u: peak RSS %.1f MiB above the %.1f MiB before allocating; the device holds %.1f MiB; "
        "the whole table is %.0f MiB\n",
        n, added, baseline, device_mib, table_mib);
  check(added <= device_mib + 32, "memory: the read-outs raised the peak RSS by " + std::to_string(added) +
                                      " MiB, more than the device's " + std::to_string(device_mib) + " MiB + 32 MiB");
}

}  // namespace

int main(int argc, char** argv) {
  const std::string which = argc > 1 ? argv[1] : "";
  g_single = argc > 2 && std::string(argv[2]) == "single";
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  int rc = 0;
  try {
    if (which == "tables") tables();
    else if (which == "top") top();
    else if (which == "state") state();
    else if (which == "sample") sample();
    else if (which == "errors") errors();
    else if (which == "memory") memory(argc > 2 ? static_cast<unsigned>(std::stoul(argv[2])) : 23u);
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
