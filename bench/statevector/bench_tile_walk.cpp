// bench_tile_walk: what a tiled run's walk over the state costs beside its arithmetic (issue 34). For a
// state of 2^n amplitudes and tiles of the device's size, times walk_tiles over the in-place window
// (the lowest qubits: contiguous tiles) and over a gathered one (the chunk's lowest qubits and the
// highest others: each tile read as strided chunks into a buffer and streamed back):
//   walk       a program of one global phase: the memory traffic, and a light pass in cache;
//   walk_ops   and --ops complex 2x2 kernels a tile (on qubits inside the chunk, the same in both windows);
//   arithmetic the 2x2 kernels over one tile kept in cache, as many times as the state has tiles;
// each also in passes of the in-place reference loop (bench/common) over the same state, timed in the
// same run. overlap = (walk + arithmetic - walk_ops) / min(walk, arithmetic): 1 where the walk hides
// entirely behind the arithmetic (or the reverse), 0 where they add up. Best of --repetitions, load
// average at start and end. Prints one JSON object.
//   bench_tile_walk [--qubits 26] [--precision double,single] [--threads 1] [--ops 8] [--repetitions 5]
#include "inplace_reference.hpp"
#include "machine_load.hpp"

#include "kernels/apply_op.hpp"
#include "state/amplitude_buffer.hpp"
#include "tiles/tile_program.hpp"
#include "tiles/tile_size.hpp"
#include "tiles/tile_walk.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <complex>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

using qrt::sv::QubitMask;
using qrt::sv::QubitOp;

struct Options {
  int qubits = 26, threads = 1, ops = 8, repetitions = 5;
  std::vector<std::string> precisions = {"double", "single"};
};

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

template <class F>
double best_seconds(int repetitions, F&& f) {
  double best = 1e300;
  for (int r = 0; r < repetitions; ++r) {
    const double start = now();
    f();
    best = std::min(best, now() - start);
  }
  return best;
}

template <class T>
void measure(const Options& o, std::ostringstream& json) {
  const unsigned n = static_cast<unsigned>(o.qubits);
  const std::size_t amplitude_bytes = sizeof(std::complex<T>);
  const unsigned k = qrt::sv::tile_qubits_for_cache(qrt::sv::l2_cache_bytes(), amplitude_bytes);
  const unsigned chunk = qrt::sv::chunk_qubits_for(k, amplitude_bytes);
  if (n < k + (k - chunk)) throw std::invalid_argument("bench_tile_walk: --qubits too small for a gathered window");
  qrt::sv::BasicAmplitudeBuffer<T> state;
  state.reserve(std::size_t{1} << n, 0);
  std::complex<T>* const amps = state.data();
  std::fill(amps, amps + (std::size_t{1} << n), std::complex<T>(T(0.001), T(0.0005)));
  // The reference covers the state's bytes (complex128 amplitudes: one qubit fewer in single precision).
  bench_reference::InplaceReference reference(o.qubits - (amplitude_bytes == 8 ? 1 : 0), o.threads);
  double pass = 1e300;
  for (int r = 0; r < o.repetitions; ++r) pass = std::min(pass, reference.pass_seconds());

  const qrt::sv::kernels::KernelTable<T>& table = qrt::sv::kernel_table_for<T>(qrt::sv::best_simd_level(), k);
  const double c = std::cos(0.3), s = std::sin(0.3);
  // The walks' programs start with a global phase: one read and write of each amplitude (an in-place
  // walk with nothing to do would touch no memory), about 0.08 ns an amplitude in cache.
  const auto ops_on = [&](qrt::sv::TileProgram<T>& program, QubitMask window, int count, bool walk = true) {
    program.reset(window, table);
    if (walk) program.add(QubitOp::phase(std::polar(1.0, 0.1)));
    // Complex 2x2s on the chunk's qubits above the SIMD lanes, in turn: inside every window.
    for (int i = 0; i < count; ++i) {
      const unsigned q = table.lanes_log2 + static_cast<unsigned>(i) % (chunk - table.lanes_log2);
      program.add(QubitOp::two_level(QubitMask{1} << q, 0, {c, {0, -s}, {0, -s}, c}));
    }
    program.finish();
  };
  const QubitMask low = (QubitMask{1} << chunk) - 1;
  const QubitMask in_place = (QubitMask{1} << k) - 1;
  QubitMask gathered = low;
  for (unsigned q = n - (k - chunk); q < n; ++q) gathered |= QubitMask{1} << q;

  // The arithmetic alone: the program over one tile in cache (each thread its own), once per tile of
  // the state, the tiles split evenly over the threads.
  qrt::sv::TileProgram<T> program;
  ops_on(program, in_place, o.ops, false);
  const std::uint64_t tiles = std::uint64_t{1} << (n - k);
  const auto threads = static_cast<std::uint64_t>(o.threads);
  std::vector<qrt::sv::BasicAmplitudeBuffer<T>> own_tiles(threads);
  for (auto& tile : own_tiles) {
    tile.reserve(std::size_t{1} << k, 0);
    std::fill(tile.data(), tile.data() + (std::size_t{1} << k), std::complex<T>(T(0.001), T(0.0005)));
  }
  const double arithmetic = best_seconds(o.repetitions, [&] {
    std::vector<std::thread> team;
    for (std::uint64_t me = 0; me < threads; ++me)
      team.emplace_back([&, me] {
        for (std::uint64_t t = me; t < tiles; t += threads) program.run(own_tiles[me].data(), 0);
      });
    for (std::thread& thread : team) thread.join();
  });
  json << ", \"tile_qubits\": " << k << ", \"chunk_qubits\": " << chunk << ", \"ops_per_tile\": " << o.ops
       << ", \"inplace_pass_s\": " << pass << ", \"arithmetic_s\": " << arithmetic
       << ", \"arithmetic_passes\": " << arithmetic / pass;
  qrt::sv::TileBuffers<T> buffers;
  for (const auto& [name, window] : {std::pair<const char*, QubitMask>{"in_place", in_place}, {"gathered", gathered}}) {
    ops_on(program, window, 0);
    const double walk = best_seconds(
        o.repetitions, [&] { qrt::sv::walk_tiles(amps, n, program, static_cast<unsigned>(o.threads), buffers); });
    ops_on(program, window, o.ops);
    const double walk_ops = best_seconds(
        o.repetitions, [&] { qrt::sv::walk_tiles(amps, n, program, static_cast<unsigned>(o.threads), buffers); });
    const double overlap = (walk + arithmetic - walk_ops) / std::min(walk, arithmetic);
    json << ", \"" << name << "\": {\"walk_s\": " << walk << ", \"walk_passes\": " << walk / pass
         << ", \"walk_ops_s\": " << walk_ops << ", \"walk_ops_passes\": " << walk_ops / pass
         << ", \"overlap\": " << overlap << "}";
  }
}

int run(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a.rfind("--benchmark_format", 0) == 0) continue;  // `make bench` asks every program for JSON: this prints it
    if (i + 1 >= argc) {
      std::cerr << "usage: bench_tile_walk [--qubits 26] [--precision double,single] [--threads 1] [--ops 8] "
                   "[--repetitions 5]\n";
      return 2;
    }
    const std::string value = argv[++i];
    if (a == "--qubits") o.qubits = std::stoi(value);
    else if (a == "--threads") o.threads = std::stoi(value);
    else if (a == "--ops") o.ops = std::stoi(value);
    else if (a == "--repetitions") o.repetitions = std::stoi(value);
    else if (a == "--precision") {
      o.precisions.clear();
      std::stringstream in(value);
      for (std::string item; std::getline(in, item, ',');) o.precisions.push_back(item);
    } else {
      std::cerr << "bench_tile_walk: unknown option " << a << "\n";
      return 2;
    }
  }
  if (o.qubits < 20 || o.qubits > 30 || o.threads < 1 || o.ops < 0 || o.ops > 64 || o.repetitions < 1) {
    std::cerr << "bench_tile_walk: --qubits takes 20..30, --threads 1 or more, --ops 0..64, --repetitions 1 or more\n";
    return 2;
  }
  std::ostringstream json;
  json << "{\"benchmark\": \"bench_tile_walk\", \"qubits\": " << o.qubits << ", \"threads\": " << o.threads
       << ", \"simd\": \"" << qrt::sv::simd_level_name(qrt::sv::best_simd_level()) << "\", \"loadavg_start\": \""
       << bench_reference::load_average() << "\", \"results\": [";
  bool first = true;
  for (const std::string& precision : o.precisions) {
    if (precision != "double" && precision != "single") {
      std::cerr << "bench_tile_walk: precision must be double or single, not " << precision << "\n";
      return 2;
    }
    json << (first ? "" : ",") << "\n  {\"precision\": \"" << precision << "\"";
    if (precision == "double") measure<double>(o, json);
    else measure<float>(o, json);
    json << ", \"loadavg\": \"" << bench_reference::load_average() << "\"}";
    first = false;
  }
  json << "\n], \"loadavg_end\": \"" << bench_reference::load_average() << "\"}\n";
  std::cout << json.str();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {  // a malformed number (std::stoi), a state that cannot be had
    std::cerr << "bench_tile_walk: " << e.what() << "\n";
    return 2;
  }
}
