// bench_tile_kernels: what one pass of each kernel costs on a state in cache, as inside a tile of the
// tiled path (issue 34), per amplitude: one prepared kernel (kernels/prepared_kernel.hpp) run again
// and again over 2^k amplitudes, one thread, best of several rounds. Beside the kernels, the in-place
// reference loop (a[i] *= s: one load and one store per amplitude, bench/common) over the same bytes,
// so the kernels' distance to what loads and stores alone cost is visible. k = 11 keeps a
// double-precision state in a 32 KiB L1 cache, k = 15 in a 1 MiB L2 (the tile size there).
// The ops: a complex and a real 2x2 on a register-selecting qubit and on a lane qubit (inside one SIMD
// register); a CNOT with the rotation on its target (two 2x2 blocks: the two-pairs kernel), complex and
// real; two such ladder steps fused (3 qubits, real); two real rotations fused (a real 4x4); a general
// 4x4; a parity phase on two qubits
// (RZZ), a phase on half the state (CZ-like), a global phase (what a tile program adds where the global
// phases factored out of fused blocks find no op to ride on: fusion/global_phase.hpp) and a CNOT alone
// (the swap kernel on a quarter); 3- and 4-qubit blocks that are permutations with phases, or are after a
// Hadamard on one or two of their qubits (the permuted-blocks kernels; with a lane target, lane terms).
// Prints one JSON object.
//   bench_tile_kernels [--qubits 11,15] [--precision double,single] [--rounds 7]
#include "aligned_state.hpp"
#include "inplace_reference.hpp"
#include "kernels/prepared_kernel.hpp"
#include "kernels/simd_level.hpp"
#include "machine_load.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <complex>
#include <exception>
#include <iostream>
#include <memory>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using qrt::sv::Complex;
using qrt::sv::QubitMask;
using qrt::sv::QubitOp;
using Matrix = std::vector<Complex>;

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

std::vector<int> split_ints(const std::string& list) {
  std::vector<int> out;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ',');) out.push_back(std::stoi(item));
  return out;
}

Matrix product(const Matrix& a, const Matrix& b, std::size_t dim) {
  Matrix c(dim * dim);
  for (std::size_t i = 0; i < dim; ++i)
    for (std::size_t j = 0; j < dim; ++j)
      for (std::size_t l = 0; l < dim; ++l) c[i * dim + j] += a[i * dim + l] * b[l * dim + j];
  return c;
}

// A CNOT after the rotation u on its target, over 3 matrix bits: u where the control is 0, X u where
// it is 1 (the tiled path's fused ladder step).
Matrix ladder_step(const Matrix& u, unsigned target_bit, unsigned control_bit) {
  Matrix m(64);
  for (unsigned col = 0; col < 8; ++col) {
    const unsigned control = (col >> control_bit) & 1u, in = (col >> target_bit) & 1u;
    for (unsigned out = 0; out < 2; ++out) {
      const unsigned row = (col & ~(1u << target_bit)) | ((out ^ control) << target_bit);
      m[row * 8 + col] += u[out * 2 + in];
    }
  }
  return m;
}

// The block of a 3-bit matrix on its bits 0 and 1 where bit 2 is 0 (a 2-qubit op).
Matrix low_block(const Matrix& m) {
  Matrix out(16);
  for (unsigned i = 0; i < 4; ++i)
    for (unsigned j = 0; j < 4; ++j) out[i * 4 + j] = m[i * 8 + j];
  return out;
}

struct Case {
  std::string name;
  QubitOp op;
  std::shared_ptr<const Matrix> matrix = nullptr;  // a dense op of 3+ qubits borrows its matrix: kept alive here
};

std::vector<Case> cases(unsigned k) {
  const double c = std::cos(0.3), s = std::sin(0.3);
  const Complex e = std::polar(1.0, 0.2);
  const Matrix real_u = {c, -s, s, c}, complex_u = {c * e, -s * e, s, c};
  const unsigned mid = k / 2;  // a register-selecting qubit (above the lanes)
  const QubitMask mid_bit = QubitMask{1} << mid;
  std::vector<Case> out;
  out.push_back(
      {"complex_2x2", QubitOp::two_level(mid_bit, 0, {complex_u[0], complex_u[1], complex_u[2], complex_u[3]})});
  for (unsigned q : {2u, 3u})  // the lowest register-selecting qubits (AVX-512 double, single): runs of 1 group
    out.push_back({"complex_2x2_q" + std::to_string(q),
                   QubitOp::two_level(QubitMask{1} << q, 0, {complex_u[0], complex_u[1], complex_u[2], complex_u[3]})});
  out.push_back({"real_2x2", QubitOp::two_level(mid_bit, 0, {real_u[0], real_u[1], real_u[2], real_u[3]})});
  out.push_back(
      {"complex_2x2_lane", QubitOp::two_level(1, 0, {complex_u[0], complex_u[1], complex_u[2], complex_u[3]})});
  out.push_back({"real_2x2_lane", QubitOp::two_level(1, 0, {real_u[0], real_u[1], real_u[2], real_u[3]})});
  const unsigned pair[] = {mid + 1, mid};  // matrix bit 0: the target, bit 1: the control
  out.push_back({"complex_cnot_step", QubitOp::dense(pair, low_block(ladder_step(complex_u, 0, 1)))});
  out.push_back({"real_cnot_step", QubitOp::dense(pair, low_block(ladder_step(real_u, 0, 1)))});
  const unsigned triple[] = {mid + 1, mid, mid + 2};  // two ladder steps: (mid -> mid+1), (mid+1 -> mid+2)
  const auto two_steps =
      std::make_shared<const Matrix>(product(ladder_step(real_u, 2, 0), ladder_step(real_u, 0, 1), 8));
  out.push_back({"real_two_cnot_steps", QubitOp::dense(triple, *two_steps), two_steps});
  Matrix two_rotations(16);  // real_u on each of the two qubits (a fused block of RY, H, CNOT...)
  for (unsigned i = 0; i < 4; ++i)
    for (unsigned j = 0; j < 4; ++j)
      two_rotations[i * 4 + j] = real_u[(i >> 1) * 2 + (j >> 1)] * real_u[(i & 1) * 2 + (j & 1)];
  out.push_back({"real_4x4", QubitOp::dense(pair, two_rotations)});
  QubitOp controlled = QubitOp::dense(pair, two_rotations);  // one of the two parts a selector splits a 3-qubit op into
  controlled.control_mask = controlled.control_values = QubitMask{1} << (mid + 2);
  out.push_back({"real_4x4_controlled", controlled});
  Matrix general = product(ladder_step(complex_u, 0, 1), ladder_step(complex_u, 1, 0), 8);
  out.push_back({"complex_4x4", QubitOp::dense(pair, low_block(general))});
  const unsigned lane_and_mid[] = {0, mid};  // one target inside the SIMD register (the layered circuit's ladder)
  out.push_back({"complex_4x4_lane", QubitOp::dense(lane_and_mid, low_block(general))});
  // Three one-qubit gates multiplied into one 3-qubit block (a layer of rotations fused greedily).
  const auto three_of = [](const Matrix& u) {
    auto m = std::make_shared<Matrix>(64);
    for (unsigned i = 0; i < 8; ++i)
      for (unsigned j = 0; j < 8; ++j)
        (*m)[i * 8 + j] =
            u[((i >> 2) & 1) * 2 + ((j >> 2) & 1)] * u[((i >> 1) & 1) * 2 + ((j >> 1) & 1)] * u[(i & 1) * 2 + (j & 1)];
    return std::shared_ptr<const Matrix>(std::move(m));
  };
  const unsigned three[] = {mid, mid + 1, mid + 2};
  const auto real_three = three_of(real_u), complex_three = three_of(complex_u);
  out.push_back({"real_8x8", QubitOp::dense(three, *real_three), real_three});
  out.push_back({"complex_8x8", QubitOp::dense(three, *complex_three), complex_three});
  // Blocks that are permutations up to phases, or are after a Hadamard on one or two of their qubits (a
  // transpiled Toffoli network fused: the permuted-blocks kernels, blocks of 1, 2 and 4).
  const auto permuted = [](unsigned bits, unsigned mixed_bits) {
    const std::size_t dim = std::size_t{1} << bits;
    auto m = std::make_shared<Matrix>(dim * dim);
    const double h = std::pow(2.0, -0.5 * mixed_bits);
    for (std::size_t row = 0; row < dim; ++row) {
      std::size_t image = row ^ ((row >> 1) & (row >> 2) & 1u);  // a Toffoli onto bit 0...
      image ^= (image & 1u) << 2;                                // ...then a CNOT from bit 0 onto bit 2
      for (std::size_t col = 0; col < dim; ++col) {
        const std::size_t mask = (std::size_t{1} << mixed_bits) - 1;
        if ((col & ~mask) != (image & ~mask)) continue;
        const double sign = (std::popcount(col & image & mask) & 1) ? -1.0 : 1.0;
        (*m)[row * dim + col] = sign * h * std::polar(1.0, 0.25 * static_cast<double>(row % 5));
      }
    }
    return std::shared_ptr<const Matrix>(std::move(m));
  };
  const unsigned four[] = {mid - 1, mid, mid + 1, mid + 2};
  const auto monomial = permuted(3, 0), blocks2 = permuted(3, 1), blocks4 = permuted(4, 2);
  out.push_back({"monomial_8x8", QubitOp::dense(three, *monomial), monomial});
  out.push_back({"blocks2_8x8", QubitOp::dense(three, *blocks2), blocks2});
  out.push_back({"blocks4_16x16", QubitOp::dense(four, *blocks4), blocks4});
  const unsigned lane_first[] = {0, mid, mid + 1};  // the same blocks with a target inside the register
  out.push_back({"monomial_8x8_lane", QubitOp::dense(lane_first, *monomial), monomial});
  out.push_back({"blocks2_8x8_lane", QubitOp::dense(lane_first, *blocks2), blocks2});
  out.push_back({"complex_8x8_lane", QubitOp::dense(lane_first, *complex_three), complex_three});
  const unsigned two_lanes[] = {0, 1, mid};  // two targets inside the register (AVX-512 double: both lane qubits)
  out.push_back({"complex_8x8_two_lanes", QubitOp::dense(two_lanes, *complex_three), complex_three});
  // Blocks of 4 with lane targets and the lowest register-selecting qubits (adder_n28_transpiled's
  // heaviest steps: targets {0, 1, 3} and {1, 2, 3}).
  const auto blocks4_three = permuted(3, 2);
  out.push_back({"blocks4_8x8", QubitOp::dense(three, *blocks4_three), blocks4_three});
  const unsigned low_lanes[] = {0, 1, 3}, low_lane[] = {1, 2, 3};
  out.push_back({"blocks4_8x8_lanes_013", QubitOp::dense(low_lanes, *blocks4_three), blocks4_three});
  out.push_back({"blocks4_8x8_lane_123", QubitOp::dense(low_lane, *blocks4_three), blocks4_three});
  out.push_back({"parity_2", QubitOp::parity(std::polar(1.0, -0.15), std::polar(1.0, 0.15), mid_bit | (mid_bit << 1))});
  out.push_back({"phase_half", QubitOp::phase(std::polar(1.0, 0.7), mid_bit, mid_bit)});
  out.push_back({"global_phase", QubitOp::phase(std::polar(1.0, 0.7))});
  QubitOp cnot = QubitOp::two_level(mid_bit << 1, 0, {0.0, 1.0, 1.0, 0.0});
  cnot.control_mask = cnot.control_values = mid_bit;
  out.push_back({"cnot", cnot});
  return out;
}

template <class T>
double seconds_per_amplitude(unsigned k, const Case& c, int rounds, qrt::sv::SimdLevel simd) {
  const bench_reference::AlignedState<T> aligned(k, std::complex<T>(T(0.001), T(0.0005)));
  const std::span<std::complex<T>> state = aligned.amplitudes();
  const qrt::sv::kernels::KernelTable<T>& table = qrt::sv::kernel_table_for<T>(simd, k);
  qrt::sv::AlignedScratch coefficients;
  qrt::sv::Workspace workspace;
  const qrt::sv::PreparedKernel<T> kernel = qrt::sv::prepare_kernel<T>(c.op, k, table, 1, coefficients, workspace);
  const int passes = std::max(1, (1 << 24) >> k);  // about 2^24 amplitudes a round
  double best = 1e300;
  for (int round = 0; round < rounds; ++round) {
    const double start = now();
    for (int i = 0; i < passes; ++i) kernel.run(state.data(), k);
    best = std::min(best, (now() - start) / passes);
  }
  // Every case is unitary, so the norm stays (up to rounding over some 40,000 passes: 0.1% in single
  // precision): a case that broke it (a borrowed matrix freed too early once ran NaNs, and timed them)
  // is an error, not a figure.
  double norm = 0;
  for (const std::complex<T>& amplitude : state) norm += std::norm(std::complex<double>(amplitude));
  const double expected = static_cast<double>(state.size()) * std::norm(std::complex<double>(0.001, 0.0005));
  const double tolerance = sizeof(T) == sizeof(float) ? 1e-2 : 1e-6;
  if (!(std::abs(norm / expected - 1.0) < tolerance))
    throw std::runtime_error("case " + c.name + " on " + std::to_string(k) + " qubits changed the norm of the state (" +
                             std::to_string(norm) + " against " + std::to_string(expected) + ")");
  return best / static_cast<double>(state.size());
}

double reference_seconds_per_amplitude(unsigned k, int amplitude_bytes, int rounds) {
  const std::size_t doubles = (std::size_t{1} << k) * static_cast<std::size_t>(amplitude_bytes) / sizeof(double);
  qrt::sv::AlignedScratch storage;  // aligned as the cases' states are (aligned_state.hpp)
  double* const data = storage.get(doubles);
  std::fill(data, data + doubles, 1.0);
  const int passes = std::max(1, (1 << 24) >> k);
  double best = 1e300, s = 1.0000001;
  for (int round = 0; round < rounds; ++round) {
    const double start = now();
    for (int i = 0; i < passes; ++i) {
      bench_reference::scale_in_place(data, doubles, s, 1);
      s = 1.0 / s;  // keeps the values bounded
    }
    best = std::min(best, (now() - start) / passes);
  }
  return best / static_cast<double>(std::size_t{1} << k);
}

int run(int argc, char** argv) {
  std::vector<int> qubits = {11, 15};
  std::vector<std::string> precisions = {"double", "single"};
  int rounds = 7;
  std::string only;  // --cases: time only the cases whose name contains this
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a.rfind("--benchmark_format", 0) == 0) continue;  // `make bench` asks every program for JSON: this prints it
    if (i + 1 >= argc) {
      std::cerr
          << "usage: bench_tile_kernels [--qubits 11,15] [--precision double,single] [--rounds 7] [--cases TEXT]\n";
      return 2;
    }
    const std::string value = argv[++i];
    if (a == "--qubits") qubits = split_ints(value);
    else if (a == "--rounds") rounds = std::stoi(value);
    else if (a == "--cases") only = value;
    else if (a == "--precision") {
      precisions.clear();
      std::stringstream in(value);
      for (std::string item; std::getline(in, item, ',');) precisions.push_back(item);
    } else {
      std::cerr << "bench_tile_kernels: unknown option " << a << "\n";
      return 2;
    }
  }
  const qrt::sv::SimdLevel simd = qrt::sv::best_simd_level();
  std::ostringstream json;
  json << "{\"benchmark\": \"bench_tile_kernels\", \"unit\": \"ns per amplitude, one pass, one thread\", \"simd\": \""
       << qrt::sv::simd_level_name(simd) << "\", \"loadavg_start\": \"" << bench_reference::load_average()
       << "\", \"results\": [";
  bool first = true;
  for (const std::string& precision : precisions) {
    if (precision != "double" && precision != "single") {
      std::cerr << "bench_tile_kernels: precision must be double or single, not " << precision << "\n";
      return 2;
    }
    for (int k : qubits) {
      if (k < 8 || k > 24) {
        std::cerr << "bench_tile_kernels: --qubits takes 8..24\n";
        return 2;
      }
      const unsigned n = static_cast<unsigned>(k);
      const int amplitude_bytes = precision == "single" ? 8 : 16;
      json << (first ? "" : ",") << "\n  {\"precision\": \"" << precision << "\", \"qubits\": " << k
           << ", \"state_bytes\": " << (std::size_t{1} << n) * static_cast<std::size_t>(amplitude_bytes)
           << ", \"inplace_reference\": " << reference_seconds_per_amplitude(n, amplitude_bytes, rounds) * 1e9;
      for (const Case& c : cases(n)) {
        if (c.name.find(only) == std::string::npos) continue;
        const double s = precision == "single" ? seconds_per_amplitude<float>(n, c, rounds, simd)
                                               : seconds_per_amplitude<double>(n, c, rounds, simd);
        json << ", \"" << c.name << "\": " << s * 1e9;
      }
      json << ", \"loadavg\": \"" << bench_reference::load_average() << "\"}";
      first = false;
    }
  }
  json << "\n], \"loadavg_end\": \"" << bench_reference::load_average() << "\"}\n";
  std::cout << json.str();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {  // a malformed number (std::stoi)
    std::cerr << "bench_tile_kernels: " << e.what() << "\n";
    return 2;
  }
}
