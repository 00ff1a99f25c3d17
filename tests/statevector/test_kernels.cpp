// Every kernel shape, at every SIMD level this CPU runs, on random ops over 1..8 qubits (so that
// targets and controls fall both inside SIMD registers and across them), against the plain
// per-index reference; also the threaded path, and register widths this CPU lacks, emulated.
#include "emulated_simd.hpp"
#include "reference.hpp"

#include "kernels/apply_op.hpp"
#include "kernels/block_structure.hpp"
#include "kernels/small_state.hpp"
#include "tiles/tile_walk.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>
#include <type_traits>

using namespace qrt::sv;
using sv_test::Matrix;
using sv_test::State;

namespace {

struct Wires {
  std::vector<unsigned> targets;  // most significant first (reference order)
  std::vector<unsigned> controls;
  std::vector<int> control_values;
};

Wires random_wires(unsigned n, unsigned num_targets, unsigned num_controls, std::mt19937_64& rng) {
  std::vector<unsigned> qubits(n);
  std::iota(qubits.begin(), qubits.end(), 0u);
  std::shuffle(qubits.begin(), qubits.end(), rng);
  Wires w;
  w.targets.assign(qubits.begin(), qubits.begin() + num_targets);
  w.controls.assign(qubits.begin() + num_targets, qubits.begin() + num_targets + num_controls);
  for (std::size_t i = 0; i < num_controls; ++i) w.control_values.push_back(static_cast<int>(rng() & 1u));
  return w;
}

void add_controls(QubitOp& op, const Wires& w) {
  for (std::size_t i = 0; i < w.controls.size(); ++i) {
    op.control_mask |= QubitMask{1} << w.controls[i];
    if (w.control_values[i]) op.control_values |= QubitMask{1} << w.controls[i];
  }
}

Complex random_phase(std::mt19937_64& rng) {
  return std::polar(1.0, std::uniform_real_distribution<double>(-3.2, 3.2)(rng));
}

struct Case {
  QubitOp op;
  Matrix matrix;  // for the reference, on w.targets
  Wires wires;
  Matrix storage;  // keeps a large dense matrix alive
};

Case phase_case(unsigned n, std::mt19937_64& rng) {
  Case c;
  c.wires = random_wires(n, 0, static_cast<unsigned>(rng() % (n + 1)), rng);
  const Complex p = random_phase(rng);
  c.op = QubitOp::phase(p);
  add_controls(c.op, c.wires);
  c.matrix = {p};
  return c;
}

Case parity_case(unsigned n, std::mt19937_64& rng) {
  Case c;
  const unsigned k = 1 + static_cast<unsigned>(rng() % n);
  c.wires = random_wires(n, k, static_cast<unsigned>(rng() % (n - k + 1)), rng);
  const Complex even = random_phase(rng), odd = random_phase(rng);
  QubitMask mask = 0;
  for (unsigned q : c.wires.targets) mask |= QubitMask{1} << q;
  c.op = QubitOp::parity(even, odd, mask);
  add_controls(c.op, c.wires);
  const std::size_t dim = std::size_t{1} << k;
  c.matrix.assign(dim * dim, 0.0);
  for (std::size_t i = 0; i < dim; ++i) c.matrix[i * dim + i] = (__builtin_popcountll(i) & 1) ? odd : even;
  return c;
}

// A two-level op on 1..max_targets random targets with random controls; its 2x2 from make(rng).
template <class Make>
Case two_level_case_with(unsigned n, unsigned max_targets, std::mt19937_64& rng, Make make) {
  Case c;
  const unsigned k = 1 + static_cast<unsigned>(rng() % std::min(n, max_targets));
  c.wires = random_wires(n, k, static_cast<unsigned>(rng() % (n - k + 1)), rng);
  const std::array<Complex, 4> m = make(rng);
  // |a> sets a random subset of the targets; |b> is its complement on the targets.
  const std::size_t dim = std::size_t{1} << k;
  const std::size_t a_local = rng() % dim, b_local = a_local ^ (dim - 1);
  QubitMask mask = 0, a_bits = 0;
  for (unsigned j = 0; j < k; ++j) {
    const unsigned q = c.wires.targets[j];  // reference bit k-1-j
    mask |= QubitMask{1} << q;
    if ((a_local >> (k - 1 - j)) & 1u) a_bits |= QubitMask{1} << q;
  }
  c.op = QubitOp::two_level(mask, a_bits, m);
  add_controls(c.op, c.wires);
  c.matrix = sv_test::identity(dim);
  c.matrix[a_local * dim + a_local] = m[0];
  c.matrix[a_local * dim + b_local] = m[1];
  c.matrix[b_local * dim + a_local] = m[2];
  c.matrix[b_local * dim + b_local] = m[3];
  return c;
}

Case two_level_case(unsigned n, std::mt19937_64& rng) {
  return two_level_case_with(n, 4, rng, [](std::mt19937_64& r) -> std::array<Complex, 4> {
    switch (r() % 3) {
      case 0: return {0.0, 1.0, 1.0, 0.0};
      case 1: return {0.0, random_phase(r), random_phase(r), 0.0};
      default: {
        const Matrix u = sv_test::random_unitary(1, r());
        return {u[0], u[1], u[2], u[3]};
      }
    }
  });
}

// c's dense op from its matrix (kept alive in storage) on its wires.
Case with_dense_op(Case c) {
  c.storage = c.matrix;
  std::vector<unsigned> lsb_first(c.wires.targets.rbegin(), c.wires.targets.rend());
  c.op = QubitOp::dense(lsb_first, c.storage);
  add_controls(c.op, c.wires);
  return c;
}

// A 2-qubit matrix of two 2x2 blocks from block(rng) on the index pairs {i, i ^ m}, m = 1, 2 or 3.
template <class Block>
Matrix pair_blocks(std::mt19937_64& rng, Block block) {
  const unsigned m = 1 + static_cast<unsigned>(rng() % 3);
  const unsigned members[4] = {0, m, m == 1 ? 2u : 1u, (m == 1 ? 2u : 1u) ^ m};
  Matrix out(16, 0.0);
  for (unsigned pair = 0; pair < 2; ++pair) {
    const auto entries = block(rng);
    for (unsigned r = 0; r < 2; ++r)
      for (unsigned s = 0; s < 2; ++s) out[members[2 * pair + r] * 4 + members[2 * pair + s]] = entries[r * 2 + s];
  }
  return out;
}

Case dense_case(unsigned n, std::mt19937_64& rng) {
  Case c;
  const unsigned k = 1 + static_cast<unsigned>(rng() % std::min(n, 6u));
  c.wires = random_wires(n, k, static_cast<unsigned>(rng() % (n - k + 1)), rng);
  c.matrix = sv_test::random_unitary(k, rng());
  return with_dense_op(std::move(c));
}

// A 2-qubit matrix made of two random 2x2 unitary blocks on the index pairs {i, i ^ m}, m = 1, 2 or 3
// (IsingXX's structure for m = 3): the dispatcher sends these to the two-pairs kernel.
Case pairs_case(unsigned n, std::mt19937_64& rng) {
  if (n < 2) return dense_case(n, rng);
  Case c;
  c.wires = random_wires(n, 2, static_cast<unsigned>(rng() % (n - 1)), rng);
  c.matrix = pair_blocks(rng, [](std::mt19937_64& r) { return sv_test::random_unitary(1, r()); });
  return with_dense_op(std::move(c));
}

// Real 2x2 matrices (a rotation as RY, or a reflection as H): the real-coefficient kernels (two-level,
// two pairs, and the lane kernel for a target inside the register).
std::array<Complex, 4> real_orthogonal(std::mt19937_64& rng) {
  const double t = std::uniform_real_distribution<double>(-3.2, 3.2)(rng), c = std::cos(t), s = std::sin(t);
  if (rng() & 1u) return {c, -s, s, c};
  return {c, s, s, -c};
}

Case real_two_level_case(unsigned n, std::mt19937_64& rng) { return two_level_case_with(n, 2, rng, real_orthogonal); }

// A real 1-qubit dense op (RY, H as matrices), a real 2-qubit one of two blocks (a CNOT fused with RY),
// or a real 3-qubit one (three RYs and a real permutation: a fused block of a real circuit).
Case real_dense_case(unsigned n, std::mt19937_64& rng) {
  Case c;
  const unsigned k = 1 + static_cast<unsigned>(rng() % std::min(n, 3u));
  c.wires = random_wires(n, k, static_cast<unsigned>(rng() % (n - k + 1)), rng);
  if (k == 3) {
    const std::array<Complex, 4> r[3] = {real_orthogonal(rng), real_orthogonal(rng), real_orthogonal(rng)};
    std::array<std::size_t, 8> permutation{0, 1, 2, 3, 4, 5, 6, 7};
    std::shuffle(permutation.begin(), permutation.end(), rng);
    c.matrix = Matrix(64, 0.0);
    for (std::size_t row = 0; row < 8; ++row)
      for (std::size_t col = 0; col < 8; ++col) {
        Complex v = 1.0;  // kron(r0, r1, r2)[permutation[row]][col]
        for (unsigned b = 0; b < 3; ++b) v *= r[b][((permutation[row] >> b) & 1u) * 2 + ((col >> b) & 1u)];
        c.matrix[row * 8 + col] = v;
      }
  } else if (k == 1) {
    const std::array<Complex, 4> m = real_orthogonal(rng);
    c.matrix.assign(m.begin(), m.end());
  } else {
    c.matrix = pair_blocks(rng, real_orthogonal);
  }
  return with_dense_op(std::move(c));
}

// A 2..5-qubit matrix that is block diagonal once its rows and columns are shuffled, blocks of 1, 2 or
// 4 (a monomial matrix: a permutation with phases; or with a Hadamard-like mixing inside): the
// permuted-blocks kernels where no target is a lane qubit. Blocks are random unitaries, or real ones
// (signs, rotations); sometimes entries of 1e-16 stand where a product of gates would leave rounding.
Case permuted_blocks_case(unsigned n, std::mt19937_64& rng) {
  if (n < 2) return dense_case(n, rng);
  Case c;
  const unsigned k = 2 + static_cast<unsigned>(rng() % std::min(n - 1, 4u));
  c.wires = random_wires(n, k, static_cast<unsigned>(rng() % (n - k + 1)), rng);
  const std::size_t dim = std::size_t{1} << k;
  const unsigned size_log2 = static_cast<unsigned>(rng() % std::min(k, 3u));
  const std::size_t size = std::size_t{1} << size_log2;
  const bool real = rng() % 3 == 0 && size <= 2;
  std::vector<std::size_t> rows(dim), columns(dim);
  std::iota(rows.begin(), rows.end(), std::size_t{0});
  std::iota(columns.begin(), columns.end(), std::size_t{0});
  std::shuffle(rows.begin(), rows.end(), rng);
  std::shuffle(columns.begin(), columns.end(), rng);
  c.matrix.assign(dim * dim, 0.0);
  for (std::size_t first = 0; first < dim; first += size) {
    Matrix block;
    if (!real) {
      block = sv_test::random_unitary(size_log2, rng());
    } else if (size == 2) {
      const std::array<Complex, 4> r = real_orthogonal(rng);
      block.assign(r.begin(), r.end());
    } else {
      block = {(rng() & 1u) ? 1.0 : -1.0};
    }
    for (std::size_t i = 0; i < size; ++i)
      for (std::size_t j = 0; j < size; ++j) c.matrix[rows[first + i] * dim + columns[first + j]] = block[i * size + j];
  }
  if (rng() % 4 == 0)
    for (Complex& entry : c.matrix)
      if (entry == Complex(0.0) && rng() % 3 == 0) entry = Complex(1e-16, -1e-16);
  return with_dense_op(std::move(c));
}

// Applies c's op to a random state held in Real precision and compares with the dense reference. In
// complex64 the kernels round the double-precision coefficients once and compute in float, so each
// amplitude may differ by a few float epsilons (amplitudes are at most 1; a dense op sums at most 32
// products).
template <class Real = double, class Apply>
void check_applied(Case& c, unsigned n, const std::string& path, std::uint64_t seed, const Apply& apply) {
  constexpr double kTolerance = std::is_same_v<Real, float> ? 2e-6 : 1e-12;
  const State state = sv_test::random_state(n, seed);
  const State expected =
      sv_test::apply_reference(state, n, c.matrix, c.wires.targets, c.wires.controls, c.wires.control_values);
  std::vector<std::complex<Real>> held(state.begin(), state.end());
  if (c.op.shape == OpShape::Dense && c.op.external_matrix) c.op.external_matrix = c.storage.data();
  apply(held.data(), c.op);
  const State result(held.begin(), held.end());
  INFO("n=" << n << " shape=" << static_cast<int>(c.op.shape) << " path=" << path << " controls=" << c.op.control_mask
            << " values=" << c.op.control_values << " targets=" << c.op.target_mask);
  REQUIRE(sv_test::max_difference(result, expected) < kTolerance);
}

template <class Real = double>
void check_against_reference(Case& c, unsigned n, const ExecPolicy& policy, std::uint64_t seed) {
  Workspace ws;
  check_applied<Real>(c, n, std::string(simd_level_name(policy.simd)), seed,
                      [&](std::complex<Real>* amps, const QubitOp& op) { apply_op(amps, n, op, policy, ws); });
}

using Maker = Case (*)(unsigned, std::mt19937_64&);
const std::pair<const char*, Maker> kShapes[] = {
    {"phase", &phase_case},           {"parity", &parity_case},
    {"two-level", &two_level_case},   {"dense", &dense_case},
    {"two pairs", &pairs_case},       {"real two-level", &real_two_level_case},
    {"real dense", &real_dense_case}, {"permuted blocks", &permuted_blocks_case}};

std::vector<SimdLevel> supported_levels() {
  std::vector<SimdLevel> levels;
  for (unsigned i = 0; i < kNumSimdLevels; ++i)
    if (simd_level_supported(static_cast<SimdLevel>(i))) levels.push_back(static_cast<SimdLevel>(i));
  return levels;
}

}  // namespace

namespace {

// Every op shape on every given execution path, in Real precision: `trials` random cases per qubit count.
template <class Real>
void check_every_shape(const std::vector<std::pair<std::string, ExecPolicy>>& paths, std::uint64_t seed, int trials) {
  for (const auto& [path, policy] : paths) {
    for (const auto& [name, make] : kShapes) {
      DYNAMIC_SECTION(path << " " << name) {
        std::mt19937_64 rng(seed);
        const unsigned max_qubits = policy.small_state_path ? kSmallStateQubits : 8;
        for (unsigned n = 1; n <= max_qubits; ++n) {
          for (int trial = 0; trial < trials; ++trial) {
            Case c = make(n, rng);
            check_against_reference<Real>(c, n, policy, rng());
          }
        }
      }
    }
  }
}

// One path per SIMD level this CPU runs, and the small-state path.
std::vector<std::pair<std::string, ExecPolicy>> single_thread_paths() {
  std::vector<std::pair<std::string, ExecPolicy>> paths;
  for (SimdLevel level : supported_levels())
    paths.emplace_back(std::string(simd_level_name(level)), ExecPolicy{level, 1, 14, false});
  paths.emplace_back("small-state", ExecPolicy{SimdLevel::Portable, 1, 14, true});
  return paths;
}

}  // namespace

TEST_CASE("kernels match the reference for every shape, SIMD level and the small-state path", "[kernels]") {
  check_every_shape<double>(single_thread_paths(), 1234, 40);
}

TEST_CASE("complex64 kernels match the reference for every shape, SIMD level and the small-state path",
          "[kernels][single]") {
  std::vector<std::pair<std::string, ExecPolicy>> paths = single_thread_paths();
  paths.emplace_back("threaded", ExecPolicy{best_simd_level(), 2, 0, false});
  check_every_shape<float>(paths, 4321, 20);
}

// Every shape on an emulated register of 2^LanesLog2 amplitudes (kernels/lane_shuffle.hpp does the lane
// permutations of the real AVX2 and AVX-512 complex64 registers too). Dense kernels with up to two
// register-selecting targets are instantiated (bigger ones take dense_large: a smaller test build);
// every lane-target mask is.
template <class Real, unsigned LanesLog2>
void check_emulated_width(std::uint64_t seed, int trials) {
  using S = sv_test::EmulatedSimd<Real, LanesLog2>;
  static constexpr kernels::KernelTable<Real> table = kernels::make_kernel_table<S, 2>("emulated");
  for (const auto& [name, make] : kShapes) {
    DYNAMIC_SECTION(name) {
      std::mt19937_64 rng(seed);
      for (unsigned n = LanesLog2; n <= 9; ++n)
        for (int trial = 0; trial < trials; ++trial) {
          Case c = make(n, rng);
          Workspace ws;
          check_applied<Real>(c, n, "emulated", rng(), [&](std::complex<Real>* amps, const QubitOp& op) {
            apply_op_with_table(amps, n, op, table, 1, ws);
          });
        }
    }
  }
}

TEST_CASE("complex64 kernels on 8-amplitude registers (AVX-512 width, emulated) match the reference",
          "[kernels][single]") {
  check_emulated_width<float, 3>(777, 20);
}

TEST_CASE("apply_op_with_table needs a state of at least one register", "[kernels][errors]") {
  State state = sv_test::random_state(2, 1);
  std::vector<std::complex<float>> held(state.begin(), state.end());
  Workspace ws;
  CHECK_THROWS_WITH(apply_op_with_table(held.data(), 2, QubitOp::phase(-1.0), kernels::kAvx512KernelsF32, 1, ws),
                    Catch::Contains("at least 3 qubits"));
}

TEST_CASE("threaded kernels match the reference", "[kernels]") {
  std::mt19937_64 rng(99);
  const ExecPolicy threaded{best_simd_level(), 2, 0, false};  // parallel even for tiny states
  for (unsigned n = 1; n <= 9; ++n) {
    for (int trial = 0; trial < 10; ++trial) {
      Case cases[] = {phase_case(n, rng), parity_case(n, rng), two_level_case(n, rng), dense_case(n, rng),
                      pairs_case(n, rng)};
      for (Case& c : cases) check_against_reference(c, n, threaded, rng());
    }
  }
}

TEST_CASE("a zero-qubit state takes a global phase", "[kernels]") {
  Workspace ws;
  for (bool small : {false, true}) {
    Complex amp = {0.6, 0.8};
    apply_op(&amp, 0, QubitOp::phase(Complex(0.0, 1.0)), ExecPolicy{best_simd_level(), 1, 14, small}, ws);
    CHECK(std::abs(amp - Complex(-0.8, 0.6)) < 1e-15);
  }
}

TEST_CASE("apply_op rejects ops that do not fit the state", "[kernels][errors]") {
  State state = sv_test::random_state(3, 1);
  Workspace ws;
  const ExecPolicy policy{SimdLevel::Portable, 1, 14};
  CHECK_THROWS_WITH(apply_op(state.data(), 3, QubitOp::parity(1.0, -1.0, QubitMask{1} << 3), policy, ws),
                    Catch::Contains("beyond the 3-qubit state"));
  QubitOp bad = QubitOp::phase(-1.0, 0b001, 0b010);  // value on a qubit that is not a control
  CHECK_THROWS_WITH(apply_op(state.data(), 3, bad, policy, ws), Catch::Contains("inconsistent"));
  const Matrix m = sv_test::identity(4);
  const unsigned repeated[] = {1, 1};
  CHECK_THROWS_WITH(QubitOp::dense(repeated, m), Catch::Contains("repeated"));
  const unsigned two[] = {0, 1};
  CHECK_THROWS_WITH(QubitOp::dense(two, std::span<const Complex>(m).first(15)), Catch::Contains("needs 16 entries"));
}

namespace {

// A 3-qubit dense op that flips only its first target (matrix bit 0): four random 2x2 blocks, one per
// value of the other two targets, which may then lie outside a tile's window (they select the block).
Case selector_case(unsigned n, std::mt19937_64& rng) {
  Case c;
  c.wires = random_wires(n, 3, static_cast<unsigned>(rng() % (n - 2)), rng);
  c.matrix = Matrix(64, 0.0);
  for (unsigned block = 0; block < 4; ++block) {  // block = matrix bits 1 and 2
    const Matrix u = sv_test::random_unitary(1, rng());
    for (unsigned r = 0; r < 2; ++r)
      for (unsigned col = 0; col < 2; ++col) c.matrix[(block * 2 + r) * 8 + block * 2 + col] = u[r * 2 + col];
  }
  // Reference order is most significant first: matrix bit 0 is the last wire.
  return with_dense_op(std::move(c));
}

// Random ops of every shape, on 11 qubits, applied tile by tile (tiles of 8 qubits, windows in place
// or gathered, with lane, low and high qubits inside; controls and parity bits anywhere) against the
// dense reference, op by op.
template <class Real>
void check_tiled_programs(SimdLevel level, unsigned threads, std::uint64_t seed) {
  constexpr double kTolerance = std::is_same_v<Real, float> ? 1e-5 : 1e-12;
  constexpr unsigned n = 11, k = 8;
  std::mt19937_64 rng(seed);
  for (int trial = 0; trial < 4; ++trial) {
    // The lowest `chunk` qubits and k - chunk others; trial 0 keeps the k lowest (in place).
    const unsigned chunk = trial == 0 ? k : 3 + static_cast<unsigned>(rng() % (k - 3));
    QubitMask window = (QubitMask{1} << chunk) - 1;
    while (std::popcount(window) < static_cast<int>(k)) window |= QubitMask{1} << (chunk + 1 + rng() % (n - chunk - 1));
    TileProgram<Real> program;
    program.reset(window, kernel_table_for<Real>(level, k));
    State expected = sv_test::random_state(n, rng());
    std::vector<std::complex<Real>> state(expected.begin(), expected.end());
    std::vector<Case> cases;
    while (cases.size() < 24) {
      Case c = rng() % 6 == 0 ? selector_case(n, rng) : kShapes[rng() % std::size(kShapes)].second(n, rng);
      if (c.op.shape == OpShape::Dense && c.op.external_matrix) c.op.external_matrix = c.storage.data();
      if (!fits_window(c.op, window) || c.matrix.size() > 4096) continue;  // the reference's matrix: <= 6 qubits
      program.add(c.op);
      expected =
          sv_test::apply_reference(expected, n, c.matrix, c.wires.targets, c.wires.controls, c.wires.control_values);
      cases.push_back(std::move(c));
    }
    // A gathered tile may go back with pairs of its qubits exchanged: up to two disjoint pairs of window
    // qubits at tile bits that leave blocks of whole cache lines.
    std::vector<std::pair<unsigned, unsigned>> write_back;
    if (trial != 0) {
      std::vector<unsigned> movable;  // window qubits at tile bit >= the smallest block
      const unsigned min_bit = std::is_same_v<Real, float> ? 3 : 2;
      for (unsigned q = 0, bit = 0; q < n; ++q)
        if ((window >> q) & 1u) {
          if (bit++ >= min_bit) movable.push_back(q);
        }
      std::shuffle(movable.begin(), movable.end(), rng);
      for (std::size_t i = 0;
           i + 1 < movable.size() && write_back.size() < std::size_t{1} + static_cast<std::size_t>(trial % 2); i += 2)
        write_back.emplace_back(movable[i], movable[i + 1]);
      const Matrix swap = {1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1};
      for (const auto& [a, b] : write_back) {
        const unsigned wires[] = {a, b};
        expected = sv_test::apply_reference(expected, n, swap, wires, {}, {});
      }
    }
    TileBuffers<Real> buffers;
    walk_tiles(state.data(), n, program, threads, buffers, 0, write_back);
    INFO("level " << simd_level_name(level) << " threads " << threads << " window " << window << " write-back swaps "
                  << write_back.size());
    REQUIRE(sv_test::max_difference(State(state.begin(), state.end()), expected) < kTolerance);
  }
}

}  // namespace

TEST_CASE("tiled runs apply every shape tile by tile, windows in place and gathered", "[kernels][tiles]") {
  for (SimdLevel level : supported_levels()) {
    check_tiled_programs<double>(level, 1, 91);
    check_tiled_programs<float>(level, 1, 93);
  }
  check_tiled_programs<double>(best_simd_level(), 2, 95);  // tiles spread over threads
  check_tiled_programs<float>(best_simd_level(), 2, 97);
  // An op outside the window is refused.
  TileProgram<double> program;
  program.reset(0xFF, kernel_table_for<double>(best_simd_level(), 8));
  CHECK_THROWS_WITH(program.add(QubitOp::two_level(QubitMask{1} << 9, 0, {0.0, 1.0, 1.0, 0.0})),
                    Catch::Contains("outside the tile's window"));
  CHECK_NOTHROW(program.add(QubitOp::parity(1.0, -1.0, QubitMask{1} << 9)));  // diagonal: anywhere
  // Write-back swaps: only for a gathered window, only of its qubits, only in blocks of whole lines.
  State state = sv_test::random_state(11, 5);
  TileBuffers<double> buffers;
  const std::pair<unsigned, unsigned> lanes[] = {{0, 9}}, outside[] = {{3, 8}}, fine[] = {{3, 9}};
  CHECK_THROWS_WITH(walk_tiles(state.data(), 11, program, 1, buffers, 0, fine), Catch::Contains("gathered window"));
  program.reset(0x27F, kernel_table_for<double>(best_simd_level(), 8));  // qubits 0-6 and 9
  CHECK_THROWS_WITH(walk_tiles(state.data(), 11, program, 1, buffers, 0, lanes), Catch::Contains("cache line"));
  CHECK_THROWS_WITH(walk_tiles(state.data(), 11, program, 1, buffers, 0, outside),
                    Catch::Contains("outside the window"));
  const State before = state;
  walk_tiles(state.data(), 11, program, 1, buffers, 0, fine);
  const Matrix swap = {1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1};
  const unsigned wires[] = {3, 9};
  CHECK(sv_test::max_difference(state, sv_test::apply_reference(before, 11, swap, wires, {}, {})) < 1e-15);
}

TEST_CASE("a composed move takes the faster of its two ways on each tile, with the same result", "[kernels][tiles]") {
  // Classical reversible gates on the window (X, CNOT, Toffoli, SWAP: permutations) compose into one
  // move; the walk's first tile takes it composed, the second one gate at a time (timing both), the
  // others the faster. 64 tiles of 2^8 amplitudes, in place and gathered, 1 and 2 threads.
  constexpr unsigned n = 14, k = 8;
  const Matrix x = {0, 1, 1, 0};
  struct Gate {
    std::vector<unsigned> targets, controls;
  };
  const std::vector<Gate> gates = {{{0}, {}},     {{3}, {0}}, {{7}, {3, 5}}, {{1}, {7}},
                                   {{2}, {1, 6}}, {{5}, {2}}, {{6}, {0}},    {{4}, {5, 1}}};
  for (const QubitMask window : {QubitMask{0xFF}, QubitMask{0x303F}}) {  // low qubits; 0-5 and 12, 13
    std::vector<unsigned> qubit_of;                                      // tile bit -> qubit
    for (unsigned q = 0; q < n; ++q)
      if ((window >> q) & 1u) qubit_of.push_back(q);
    for (unsigned threads : {1u, 2u}) {
      TileProgram<double> program;
      program.reset(window, kernel_table_for<double>(best_simd_level(), k));
      State expected = sv_test::random_state(n, 17);
      std::vector<std::complex<double>> state(expected.begin(), expected.end());
      for (const Gate& gate : gates) {
        std::vector<unsigned> targets, controls;
        for (unsigned b : gate.targets) targets.push_back(qubit_of[b]);
        for (unsigned b : gate.controls) controls.push_back(qubit_of[b]);
        QubitMask control_mask = 0;
        for (unsigned q : controls) control_mask |= QubitMask{1} << q;
        QubitOp op = QubitOp::two_level(QubitMask{1} << targets[0], 0, {0.0, 1.0, 1.0, 0.0});
        op.control_mask = op.control_values = control_mask;
        program.add(op);
        const std::vector<int> values(controls.size(), 1);
        expected = sv_test::apply_reference(expected, n, x, targets, controls, values);
      }
      program.finish();
      CHECK(program.composed_ops() == gates.size());
      TileBuffers<double> buffers;
      for (int walk = 0; walk < 3; ++walk) {  // the choice is made once a program, on its first walk
        walk_tiles(state.data(), n, program, threads, buffers, 0, {});
        INFO("window " << window << " threads " << threads << " walk " << walk);
        REQUIRE(sv_test::max_difference(State(state.begin(), state.end()), expected) == 0.0);
        for (const Gate& gate : gates) {  // the next walk's expectation
          std::vector<unsigned> targets, controls;
          for (unsigned b : gate.targets) targets.push_back(qubit_of[b]);
          for (unsigned b : gate.controls) controls.push_back(qubit_of[b]);
          expected = sv_test::apply_reference(expected, n, x, targets, controls, std::vector<int>(controls.size(), 1));
        }
      }
    }
  }
}

namespace {

// Phases on qubits outside the window (a transpiled circuit's RZ there) and parities of them scale
// whole tiles: the program multiplies them per tile into one scalar pass, without ending the
// permutations held for composition. 2^11 amplitudes, tiles of 2^8, in place and gathered, 1 and 2 threads.
template <class Real>
void check_scalar_steps(double tolerance) {
  constexpr unsigned n = 11, k = 8;
  const Matrix x = {0, 1, 1, 0};
  const std::complex<double> a = std::polar(1.0, 0.3), b = std::polar(1.0, -1.1), c = std::polar(1.0, 2.0);
  for (const QubitMask window : {QubitMask{0xFF}, QubitMask{0x71F}}) {  // qubits 0-7; 0-4 and 8-10
    std::vector<unsigned> inside, outside;
    for (unsigned q = 0; q < n; ++q) ((window >> q) & 1u ? inside : outside).push_back(q);
    for (unsigned threads : {1u, 2u}) {
      TileProgram<Real> program;
      program.reset(window, kernel_table_for<Real>(best_simd_level(), k));
      State expected = sv_test::random_state(n, 23);
      std::vector<std::complex<Real>> state(expected.begin(), expected.end());
      const auto scalar_op = [&](const QubitOp& op, const Matrix& m, std::vector<unsigned> targets,
                                 std::vector<unsigned> controls) {
        program.add(op);
        expected = sv_test::apply_reference(expected, n, m, targets, controls, std::vector<int>(controls.size(), 1));
      };
      const auto cnot = [&](unsigned control, unsigned target) {  // inside the window: composable
        QubitOp op = QubitOp::two_level(QubitMask{1} << target, 0, {0.0, 1.0, 1.0, 0.0});
        op.control_mask = op.control_values = QubitMask{1} << control;
        program.add(op);
        const unsigned targets[] = {target}, controls[] = {control};
        const int values[] = {1};
        expected = sv_test::apply_reference(expected, n, x, targets, controls, values);
      };
      const unsigned o0 = outside[0], o1 = outside[1], o2 = outside[2];
      for (unsigned i = 0; i + 1 < inside.size(); ++i) {
        cnot(inside[i], inside[i + 1]);
        // A phase on an outside qubit; one controlled by another outside qubit; a parity of two of them.
        scalar_op(QubitOp::phase(a, QubitMask{1} << o0, QubitMask{1} << o0), {1, 0, 0, a}, {o0}, {});
        QubitOp controlled = QubitOp::phase(b, (QubitMask{1} << o1) | (QubitMask{1} << o2), QubitMask{1} << o1);
        controlled.control_values |= QubitMask{1} << o2;
        scalar_op(controlled, {1, 0, 0, b}, {o1}, {o2});
        scalar_op(QubitOp::parity(c, std::conj(c), (QubitMask{1} << o0) | (QubitMask{1} << o2)),
                  {c, 0, 0, 0, 0, std::conj(c), 0, 0, 0, 0, std::conj(c), 0, 0, 0, 0, c}, {o0, o2}, {});
      }
      program.finish();
      INFO("window " << window << " threads " << threads);
      CHECK(program.composed_ops() == inside.size() - 1);  // the scalars did not split the composition
      TileBuffers<Real> buffers;
      walk_tiles(state.data(), n, program, threads, buffers, 0, {});
      CHECK(sv_test::max_difference(State(state.begin(), state.end()), expected) < tolerance);
    }
  }
}

}  // namespace

TEST_CASE("ops on qubits outside the window multiply each tile by one number, applied once", "[kernels][tiles]") {
  check_scalar_steps<double>(1e-13);
  check_scalar_steps<float>(1e-5);
}

TEST_CASE("real matrices take the real-coefficient kernels, complex ones the general kernels", "[kernels]") {
  for (SimdLevel level : supported_levels()) {
    const kernels::KernelTable<double>& table = kernel_table_for<double>(level, 10);
    const unsigned lanes = table.lanes_log2;
    AlignedScratch coefficients;
    Workspace ws;
    const auto kernel_of = [&](const QubitOp& op) {
      return prepare_kernel<double>(op, 10, table, 1, coefficients, ws).kernel;
    };
    INFO(table.name);
    const double c = std::cos(0.4), s = std::sin(0.4);
    const QubitMask high = QubitMask{1} << lanes;  // the lowest register-selecting qubit
    QubitOp ry = QubitOp::two_level(high, 0, {c, -s, s, c});
    CHECK(kernel_of(ry) == table.two_level[static_cast<unsigned>(kernels::TwoLevelKernel::Real)]);
    QubitOp rx = QubitOp::two_level(high, 0, {c, Complex(0, -s), Complex(0, -s), c});
    CHECK(kernel_of(rx) == table.two_level[static_cast<unsigned>(kernels::TwoLevelKernel::General)]);
    // CNOT (control qubit 7) fused with RY on its target: two real blocks.
    const std::array<Complex, 16> fused = {c, -s, 0, 0, s, c, 0, 0, 0, 0, s, c, 0, 0, c, -s};
    const unsigned targets[] = {lanes, 7};
    CHECK(kernel_of(QubitOp::dense(targets, fused)) == table.two_pairs_real);
    // A real 3-qubit block on register qubits (three rotations); with one imaginary entry, the complex kernel.
    const double rotation[4] = {c, -s, s, c};
    std::vector<Complex> block(64, 0.0);
    for (unsigned i = 0; i < 8; ++i)
      for (unsigned j = 0; j < 8; ++j) {
        block[i * 8 + j] = 1.0;
        for (unsigned b = 0; b < 3; ++b) block[i * 8 + j] *= rotation[((i >> b) & 1u) * 2 + ((j >> b) & 1u)];
      }
    const unsigned three[] = {lanes, lanes + 1, lanes + 2};
    CHECK(kernel_of(QubitOp::dense(three, block)) == table.dense_real[3]);
    block[5] *= Complex(0, 1);
    CHECK(kernel_of(QubitOp::dense(three, block)) == table.dense[3][0][0]);
    // A permutation that flips every qubit (a matrix that never flips one splits into controlled parts
    // in cache first): blocks of one; with phases, complex; after a Hadamard on one of its qubits,
    // blocks of two.
    const auto image = [](unsigned i) { return (i + 1) % 8; };
    std::vector<Complex> permutation(64, 0.0);
    for (unsigned i = 0; i < 8; ++i) permutation[i * 8 + image(i)] = 1.0;
    CHECK(kernel_of(QubitOp::dense(three, permutation)) == table.permuted_blocks[3][0][1]);
    permutation[7 * 8 + 0] = Complex(0, 1);
    CHECK(kernel_of(QubitOp::dense(three, permutation)) == table.permuted_blocks[3][0][0]);
    std::vector<Complex> mixed(64, 0.0);
    const double h = 1.0 / std::sqrt(2.0);
    for (unsigned i = 0; i < 8; ++i)
      for (unsigned j = 0; j < 8; ++j)
        if ((image(i) | 2u) == (j | 2u)) mixed[i * 8 + j] = (j & 2u) && (image(i) & 2u) ? -h : h;
    CHECK(kernel_of(QubitOp::dense(three, mixed)) == table.permuted_blocks[3][1][1]);
    // A 4-qubit matrix of two 8x8 blocks: no kernel for blocks of 8, the dense one.
    std::vector<Complex> halves(256, 0.0);
    const sv_test::Matrix u8 = sv_test::random_unitary(3, 17);
    for (unsigned i = 0; i < 16; ++i)
      for (unsigned j = 0; j < 16; ++j)
        if ((i ^ j) < 8) halves[(i ^ 9u) * 16 + j] = u8[(i & 7u) * 8 + (j & 7u)];  // rows moved: no block selector
    const unsigned four[] = {lanes, lanes + 1, lanes + 2, lanes + 3};
    const std::optional<PermutedBlocks> eights = find_permuted_blocks(halves, 16);
    REQUIRE(eights);
    CHECK(eights->block_size == 8);
    CHECK(kernel_of(QubitOp::dense(four, halves)) == table.dense[4][0][0]);
    if (lanes > 0) {  // with a lane target (matrix bit 0): each output register sums one of the 8 inputs
      std::vector<Complex> lane_flip(64, 0.0);  // flips the lane bit, and steps the other two
      for (unsigned i = 0; i < 8; ++i) lane_flip[i * 8 + ((((i >> 1) + 1) % 4) << 1 | ((i & 1u) ^ 1u))] = 1.0;
      const unsigned lane_first[] = {0, lanes, lanes + 1};
      CHECK(kernel_of(QubitOp::dense(lane_first, lane_flip)) == table.lane_terms[2][1][0]);
      // All of them (a dense matrix): the dense kernel.
      CHECK(kernel_of(QubitOp::dense(lane_first, block)) == table.dense[2][1][1]);
    }
    if (lanes > 0) {  // a target inside the register
      QubitOp lane_ry = QubitOp::two_level(1, 0, {c, -s, s, c});
      lane_ry.control_mask = lane_ry.control_values = high;
      CHECK(kernel_of(lane_ry) == table.real_lane[0]);
      // Two rotations fused, one on a lane qubit: the real per-lane kernel; complex, the general one.
      std::array<Complex, 16> two{};
      const double r[4] = {c, -s, s, c};
      for (unsigned i = 0; i < 4; ++i)
        for (unsigned j = 0; j < 4; ++j) two[i * 4 + j] = r[(i >> 1) * 2 + (j >> 1)] * r[(i & 1) * 2 + (j & 1)];
      const unsigned lane_and_high[] = {0, lanes};
      CHECK(kernel_of(QubitOp::dense(lane_and_high, two)) == table.dense_real_per_lane[1][1]);
      two[5] = Complex(0, 1);
      CHECK(kernel_of(QubitOp::dense(lane_and_high, two)) == table.dense[1][1][1]);
    }
  }
}

TEST_CASE("find_permuted_blocks: block diagonal up to a reordering, or nothing", "[kernels]") {
  // Rows 0 and 2 mix columns 1 and 3; row 1 takes column 0, row 3 column 2 (times a phase).
  const double h = 1.0 / std::sqrt(2.0);
  std::vector<Complex> m(16, 0.0);
  m[0 * 4 + 1] = h, m[0 * 4 + 3] = h, m[2 * 4 + 1] = h, m[2 * 4 + 3] = -h;
  m[1 * 4 + 0] = 1.0, m[3 * 4 + 2] = Complex(0, 1);
  const std::optional<PermutedBlocks> blocks = find_permuted_blocks(m, 4);
  REQUIRE(blocks);
  CHECK(blocks->block_size == 2);
  // Every non-negligible entry lies inside a block, and each block holds whole pieces.
  for (std::size_t p = 0; p < 4; ++p)
    for (std::size_t q = 0; q < 4; ++q)
      if (m[blocks->rows[p] * 4 + blocks->columns[q]] != Complex(0.0)) CHECK(p / 2 == q / 2);
  std::vector<std::size_t> rows = blocks->rows, columns = blocks->columns;
  std::sort(rows.begin(), rows.end());
  std::sort(columns.begin(), columns.end());
  CHECK(rows == std::vector<std::size_t>{0, 1, 2, 3});
  CHECK(columns == std::vector<std::size_t>{0, 1, 2, 3});

  // A permutation: blocks of one, the rows' columns its images; rounding left by a product is no link.
  std::vector<Complex> permutation(64, 0.0);
  for (std::size_t i = 0; i < 8; ++i) permutation[i * 8 + (i * 5 + 3) % 8] = 1.0;
  permutation[0 * 8 + 0] = 1e-16;
  const std::optional<PermutedBlocks> ones = find_permuted_blocks(permutation, 8);
  REQUIRE(ones);
  CHECK(ones->block_size == 1);
  for (std::size_t p = 0; p < 8; ++p) CHECK(ones->columns[p] == (ones->rows[p] * 5 + 3) % 8);
  // Pieces of 3 and 1 rows pack into blocks of 4.
  std::vector<Complex> uneven(64, 0.0);
  const sv_test::Matrix u3 = sv_test::random_unitary(2, 5);  // its 3x3 corner links rows 0-2 and columns 0-2
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = 0; j < 3; ++j) uneven[i * 8 + j] = u3[i * 4 + j];
  for (std::size_t i = 3; i < 8; ++i) uneven[i * 8 + i] = 1.0;
  const std::optional<PermutedBlocks> packed = find_permuted_blocks(uneven, 8);
  REQUIRE(packed);
  CHECK(packed->block_size == 4);

  // None: a dense matrix, a block as large as the matrix, a zero row (more columns than rows in a piece).
  CHECK_FALSE(find_permuted_blocks(sv_test::random_unitary(3, 9), 8));
  std::vector<Complex> zero_row = permutation;
  for (std::size_t j = 0; j < 8; ++j) zero_row[2 * 8 + j] = 0.0;
  CHECK_FALSE(find_permuted_blocks(zero_row, 8));
  CHECK_FALSE(find_permuted_blocks(std::vector<Complex>(16, 0.5), 4));
}
