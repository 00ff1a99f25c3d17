// bench_tiles: statevector.qubit's tiled forward path (kwarg tiles=true, the default) against the
// untiled one (tiles=false: each fused block of up to 3 qubits a pass of its own) on issue 34's layered
// circuit: per layer RX, RY, RZ on every wire, then a CNOT ladder; a probs() read at the end flushes the
// queue. For every (n, precision, threads) both devices hold a state and run the circuit in turn,
// interleaved with passes of the in-place reference loop (bench/common), so the three see the same
// moments of a machine whose memory speed drifts; best and median of the repetitions.
// Reported beside the times: the passes over the state per layer of each path (tiled: runs and ops too
// wide for a tile; untiled: ops applied), the time of one pass at the bandwidth the reference measured
// (2 x bytes of the state / (GB/s)), and the memory floor = passes x that time. For the tiled path also
// its arithmetic: the runs' fused ops in units of a 2x2 kernel pass (TileStats::work), the time of such
// a pass over a tile in cache (measured in the same run, per amplitude), and the arithmetic floor =
// work x 2^n x that time: in cache the tiled path is bound by the core's arithmetic, not by memory. The
// load average at start and end. Prints one JSON object.
//   bench_tiles [--qubits 24[,28]] [--threads 1,2] [--precision double,single] [--layers 10]
//               [--repetitions 3] [--tile-qubits 0 (auto)] [--rotations RX,RY,RZ]
// --rotations RY gives the hardware-efficient ansatz of variational algorithms (RY layers and a CNOT
// ladder: real matrices throughout, which the real-coefficient kernels take).
// n = 28 in double precision holds two 4 GiB states: ask for it explicitly.
#include "aligned_state.hpp"
#include "device/statevector_device.hpp"
#include "inplace_reference.hpp"
#include "kernels/apply_op.hpp"
#include "machine_load.hpp"

#include <qrt/sdk/kwargs.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Options {
  std::vector<int> qubits = {24};
  std::vector<int> threads = {1, 2};
  std::vector<std::string> precisions = {"double", "single"};
  int layers = 10, repetitions = 3, tile_qubits = 0;
  std::vector<std::string> rotations = {"RX", "RY", "RZ"};  // per wire and layer, before the CNOT ladder
};

std::vector<std::string> split(const std::string& list) {
  std::vector<std::string> out;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ',');) out.push_back(item);
  return out;
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a.rfind("--benchmark_format", 0) == 0) continue;  // `make bench` asks every program for JSON: this prints it
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::cerr << "bench_tiles: " << a << " needs a value\n";
        std::exit(2);
      }
      return argv[++i];
    };
    auto ints = [&](const std::string& list) {
      std::vector<int> out;
      for (const std::string& s : split(list)) out.push_back(std::stoi(s));
      return out;
    };
    if (a == "--qubits") o.qubits = ints(value());
    else if (a == "--threads") o.threads = ints(value());
    else if (a == "--precision") o.precisions = split(value());
    else if (a == "--layers") o.layers = std::stoi(value());
    else if (a == "--repetitions") o.repetitions = std::stoi(value());
    else if (a == "--tile-qubits") o.tile_qubits = std::stoi(value());
    else if (a == "--rotations") o.rotations = split(value());
    else {
      std::cerr << "usage: bench_tiles [--qubits 24[,28]] [--threads 1,2] [--precision double,single] [--layers 10]"
                   " [--repetitions 3] [--tile-qubits 0] [--rotations RX,RY,RZ]\n";
      std::exit(2);
    }
  }
  return o;
}

using bench_reference::load_average;

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

std::uint32_t gate_id(const std::string& name) {
  static const auto gates = qrt::sv::StatevectorDevice::capabilities().gates;
  return static_cast<std::uint32_t>(std::find(gates.begin(), gates.end(), name) - gates.begin());
}

struct Run {
  std::unique_ptr<qrt::sv::StatevectorDevice> device;
  std::vector<qrt::sdk::Wire> wires;
  std::vector<double> seconds;
  std::uint64_t passes = 0;                   // of the last run
  double work = 0;                            // of the last run (tiled)
  std::uint64_t swaps = 0, folded_swaps = 0;  // relabelling swaps of the last run (tiled), and those folded
  std::uint64_t large_runs = 0;               // of the last run's tiled passes, those over large tiles
};

// Seconds per amplitude of a general 2x2 on a register-selecting qubit of a state of 2^k amplitudes in
// cache (one thread; best of several rounds).
template <class T>
double cached_two_by_two_seconds(unsigned k, qrt::sv::SimdLevel simd) {
  const bench_reference::AlignedState<T> aligned(k, std::complex<T>(T(0.001), T(0.0)));
  const std::span<std::complex<T>> state = aligned.amplitudes();
  const double c = std::cos(0.3), s = std::sin(0.3);
  const qrt::sv::Complex e = std::polar(1.0, 0.2);  // a unitary: the amplitudes stay bounded over the rounds
  const qrt::sv::QubitOp op = qrt::sv::QubitOp::two_level(qrt::sv::QubitMask{1} << (k - 2), 0,
                                                          {c * e, -s * e, qrt::sv::Complex(s), qrt::sv::Complex(c)});
  qrt::sv::ExecPolicy policy;
  policy.simd = simd;
  qrt::sv::Workspace workspace;
  double best = 1e300;
  for (int round = 0; round < 7; ++round) {
    const double start = now();
    for (int i = 0; i < 100; ++i) qrt::sv::apply_op(state.data(), k, op, policy, workspace);
    best = std::min(best, (now() - start) / 100);
  }
  return best / static_cast<double>(state.size());
}

Run make_run(int n, int threads, const std::string& precision, bool tiles, int tile_qubits) {
  const std::string kwargs = R"({"threads": )" + std::to_string(threads) + R"(, "precision": ")" + precision +
                             R"(", "tiles": )" + (tiles ? "true" : "false") + R"(, "tile_qubits": )" +
                             std::to_string(tile_qubits) + "}";
  Run r;
  r.device = std::make_unique<qrt::sv::StatevectorDevice>(
      qrt::sdk::Kwargs::from_json(kwargs, qrt::sv::StatevectorDevice::schema()));
  r.wires = r.device->allocate_qubits(static_cast<std::size_t>(n));
  return r;
}

std::uint64_t passes_of(const qrt::sv::StatevectorDevice& d) { return d.tile_stats().passes() + d.untiled_passes(); }

// The layered circuit once, through the SDK calls, and a probs() read that flushes it.
double run_layered(Run& r, int layers, const std::vector<std::string>& rotations) {
  const std::uint32_t cnot = gate_id("CNOT");
  std::vector<std::uint32_t> rotation_ids;
  for (const std::string& name : rotations) rotation_ids.push_back(gate_id(name));
  const int n = static_cast<int>(r.wires.size());
  std::vector<double> p(2);
  const std::uint64_t before = passes_of(*r.device);
  const double work_before = r.device->tile_stats().work;
  const std::uint64_t swaps_before = r.device->tile_stats().swaps, folded_before = r.device->tile_stats().folded_swaps;
  const std::uint64_t large_before = r.device->tile_stats().large_runs;
  const double start = now();
  for (int layer = 0; layer < layers; ++layer) {
    const double angle[] = {0.1 + 0.01 * layer};
    for (int q = 0; q < n; ++q) {
      const qrt::sdk::Wire w[] = {r.wires[q]};
      for (std::size_t i = 0; i < rotations.size(); ++i)
        r.device->apply_gate({rotation_ids[i], rotations[i].c_str(), angle, w, {}, {}, false});
    }
    for (int q = 0; q + 1 < n; ++q) {
      const qrt::sdk::Wire pair[] = {r.wires[q], r.wires[q + 1]};
      r.device->apply_gate({cnot, "CNOT", {}, pair, {}, {}, false});
    }
  }
  r.device->probs({r.wires.data(), 1}, p);
  const double seconds = now() - start;
  r.passes = passes_of(*r.device) - before;
  r.work = r.device->tile_stats().work - work_before;
  r.swaps = r.device->tile_stats().swaps - swaps_before;
  r.folded_swaps = r.device->tile_stats().folded_swaps - folded_before;
  r.large_runs = r.device->tile_stats().large_runs - large_before;
  r.seconds.push_back(seconds);
  return seconds;
}

// A ratio as JSON: null where it has no value (a state below the tile size takes no tiled pass).
std::string number(double x) {
  if (!std::isfinite(x)) return "null";
  std::ostringstream out;
  out.precision(6);
  out << x;
  return out.str();
}

double best(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }
double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t h = v.size() / 2;
  return v.size() % 2 ? v[h] : (v[h - 1] + v[h]) / 2;
}
std::string list(const std::vector<double>& v) {
  std::ostringstream out;
  out << "[";
  for (std::size_t i = 0; i < v.size(); ++i) out << (i ? ", " : "") << v[i];
  return out.str() + "]";
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  std::ostringstream json;
  json.precision(6);
  std::string rotations;
  for (const std::string& r : o.rotations) rotations += (rotations.empty() ? "" : ", ") + r;
  json << "{\"benchmark\": \"bench_tiles\", \"circuit\": \"" << o.layers << " layers of " << rotations
       << " on every wire + CNOT ladder, then probs of one wire\""
       << ", \"simd\": \"" << qrt::sv::simd_level_name(qrt::sv::best_simd_level()) << "\""
       << ", \"loadavg_start\": \"" << load_average() << "\", \"results\": [";
  bool first = true;
  for (int n : o.qubits)
    for (const std::string& precision : o.precisions)
      for (int threads : o.threads) {
        std::cerr << "bench_tiles: n = " << n << ", " << precision << ", " << threads << " thread(s)\n";
        const int amplitude_bytes = precision == "single" ? 8 : 16;
        // The reference loop over a buffer of at most 2^26 complex128 (1 GiB): its speed is the same
        // for any buffer well beyond the L3 cache, and n = 28 would otherwise need a third 4 GiB.
        const int reference_qubits = std::min(n - (amplitude_bytes == 8 ? 1 : 0), 26);
        bench_reference::InplaceReference reference(reference_qubits, threads);
        const double reference_bytes = 2.0 * 16 * std::ldexp(1.0, reference_qubits);
        Run untiled = make_run(n, threads, precision, false, o.tile_qubits);
        Run tiled = make_run(n, threads, precision, true, o.tile_qubits);
        std::vector<double> reference_seconds;
        for (int rep = 0; rep < o.repetitions; ++rep) {
          double pass = reference.pass_seconds();
          pass = std::min(pass, reference.pass_seconds());
          reference_seconds.push_back(pass);
          run_layered(untiled, o.layers, o.rotations);
          run_layered(tiled, o.layers, o.rotations);
        }
        const double gbps = reference_bytes / best(reference_seconds) / 1e9;
        const double pass_s = 2.0 * amplitude_bytes * std::ldexp(1.0, n) / (gbps * 1e9);
        const double tiled_per_layer = static_cast<double>(tiled.passes) / o.layers;
        const double untiled_per_layer = static_cast<double>(untiled.passes) / o.layers;
        const qrt::sv::TileConfig& tc = tiled.device->options().tiles;
        const qrt::sv::SimdLevel simd = tiled.device->options().simd;
        const double two_by_two_s = precision == "single" ? cached_two_by_two_seconds<float>(tc.tile_qubits, simd)
                                                          : cached_two_by_two_seconds<double>(tc.tile_qubits, simd);
        const double arithmetic_floor = tiled.work * std::ldexp(1.0, n) * two_by_two_s / threads;
        json << (first ? "" : ",") << "\n  {\"n\": " << n << ", \"precision\": \"" << precision
             << "\", \"threads\": " << threads << ", \"tile_qubits\": " << tc.tile_qubits
             << ", \"chunk_qubits\": " << tc.chunk_qubits << ", \"layers\": " << o.layers
             << ", \"gates\": " << o.layers * (static_cast<int>(o.rotations.size() + 1) * n - 1)
             << ",\n   \"tiled_s\": {\"best\": " << best(tiled.seconds) << ", \"median\": " << median(tiled.seconds)
             << ", \"all\": " << list(tiled.seconds) << "},\n   \"untiled_s\": {\"best\": " << best(untiled.seconds)
             << ", \"median\": " << median(untiled.seconds) << ", \"all\": " << list(untiled.seconds)
             << "},\n   \"speedup_best\": " << best(untiled.seconds) / best(tiled.seconds)
             << ", \"speedup_median\": " << median(untiled.seconds) / median(tiled.seconds)
             << ",\n   \"passes_per_layer\": {\"tiled\": " << tiled_per_layer << ", \"untiled\": " << untiled_per_layer
             << "}, \"inplace_GBps\": " << gbps << ", \"pass_s\": " << pass_s
             << ",\n   \"floor_s\": {\"tiled\": " << tiled_per_layer * o.layers * pass_s
             << ", \"untiled\": " << untiled_per_layer * o.layers * pass_s
             << "}, \"tiled_over_floor\": " << number(best(tiled.seconds) / (tiled_per_layer * o.layers * pass_s))
             << ",\n   \"relabel_swaps\": {\"all\": " << tiled.swaps << ", \"in_write_back\": " << tiled.folded_swaps
             << "}, \"large_tile_runs\": " << tiled.large_runs
             << ", \"tiled_work_per_layer\": " << tiled.work / o.layers
             << ", \"cached_2x2_ns_per_amplitude\": " << two_by_two_s * 1e9
             << ", \"arithmetic_floor_s\": " << arithmetic_floor
             << ", \"tiled_over_arithmetic_floor\": " << number(best(tiled.seconds) / arithmetic_floor)
             << ", \"loadavg\": \"" << load_average() << "\"}";
        first = false;
      }
  json << "\n], \"loadavg_end\": \"" << load_average() << "\"}\n";
  std::cout << json.str();
  return 0;
}
