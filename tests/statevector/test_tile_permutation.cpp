// Composed permutations (plugins/sim_common/tiles/tile_permutation.hpp): which ops count as
// permutations, the composition of random sequences of them (X, CNOT, Toffoli, SWAP, controlled SWAP,
// dense permutation blocks, any control values) against the ops applied one by one by the reference,
// in both precisions and with blocks of one amplitude up to many, and tile programs that compose runs
// of them between other ops, on windows in place and gathered.
#include "reference.hpp"

#include "kernels/simd_level.hpp"
#include "tiles/tile_permutation.hpp"
#include "tiles/tile_program.hpp"
#include "tiles/tile_walk.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>
#include <random>

using namespace qrt::sv;
using sv_test::Matrix;
using sv_test::State;

namespace {

// A permutation op and the same op for the reference: targets least significant first; perm[c] is
// where the targets' value c goes.
struct PermutationCase {
  QubitOp op;
  Matrix matrix;  // for the reference (wires most significant first)
  std::vector<unsigned> wires, controls;
  std::vector<int> values;
};

PermutationCase permutation_case(unsigned n, unsigned lowest, std::mt19937_64& rng) {
  std::vector<unsigned> qubits(n - lowest);
  std::iota(qubits.begin(), qubits.end(), lowest);
  std::shuffle(qubits.begin(), qubits.end(), rng);
  const unsigned num_targets = 1 + static_cast<unsigned>(rng() % 2);
  const unsigned num_controls = static_cast<unsigned>(rng() % 3);
  PermutationCase c;
  std::vector<unsigned> targets(qubits.begin(), qubits.begin() + num_targets);
  c.controls.assign(qubits.begin() + num_targets, qubits.begin() + num_targets + num_controls);
  const std::size_t dim = std::size_t{1} << num_targets;
  std::vector<std::size_t> perm(dim);
  std::iota(perm.begin(), perm.end(), 0);
  const bool two_level = rng() % 2 == 0;
  QubitMask target_mask = 0;
  for (unsigned t : targets) target_mask |= QubitMask{1} << t;
  if (two_level) {  // X (one target), or a swap of two basis states of two targets (SWAP: a = 01)
    const std::size_t a = num_targets == 1 ? 0 : 1 + rng() % 2;  // 01 or 10: a and its complement
    std::swap(perm[a], perm[(dim - 1) ^ a]);
    QubitMask a_bits = 0;
    for (unsigned j = 0; j < num_targets; ++j)
      if ((a >> j) & 1u) a_bits |= QubitMask{1} << targets[j];
    c.op = QubitOp::two_level(target_mask, a_bits, {0.0, 1.0, 1.0, 0.0});
  } else {
    std::shuffle(perm.begin(), perm.end(), rng);
  }
  Matrix dense(dim * dim, 0.0);
  for (std::size_t col = 0; col < dim; ++col) dense[perm[col] * dim + col] = 1.0;
  if (!two_level) c.op = QubitOp::dense(targets, dense);
  for (unsigned q : c.controls) {
    const int value = static_cast<int>(rng() % 2);
    c.values.push_back(value);
    c.op.control_mask |= QubitMask{1} << q;
    if (value) c.op.control_values |= QubitMask{1} << q;
  }
  // The reference names wires most significant first: matrix bit j is targets[j] either way.
  c.wires.assign(targets.rbegin(), targets.rend());
  c.matrix = dense;
  return c;
}

State apply(const State& in, unsigned n, const PermutationCase& c) {
  return sv_test::apply_reference(in, n, c.matrix, c.wires, c.controls, c.values);
}

template <class Real>
std::vector<std::complex<Real>> held_as(const State& s) {
  return {s.begin(), s.end()};
}

template <class Real>
State widened(const std::vector<std::complex<Real>>& s) {
  return {s.begin(), s.end()};
}

template <class Real>
void check_composed_sequences(std::uint64_t seed) {
  constexpr unsigned k = 9;
  std::mt19937_64 rng(seed);
  for (int trial = 0; trial < 40; ++trial) {
    const unsigned lowest = trial % 3 == 0 ? 0 : static_cast<unsigned>(rng() % 5);  // blocks of 1 to 16 amplitudes
    const State start = sv_test::random_state(k, rng());
    // The reference runs on the values the state holds in this precision, so equality is exact.
    State expected = widened(held_as<Real>(start));
    std::vector<QubitOp> ops;
    QubitMask touched = 0;
    const std::size_t count = 1 + rng() % 12;
    for (std::size_t i = 0; i < count; ++i) {
      const PermutationCase c = permutation_case(k, lowest, rng);
      ops.push_back(c.op);
      touched |= c.op.touched_mask();
      expected = apply(expected, k, c);
    }
    const TilePermutation p = compose_permutation(ops, k);
    CHECK(p.block_log2 == static_cast<unsigned>(std::countr_zero(touched)));
    CHECK(p.cycles.size() == (p.cycle_ends.empty() ? 0 : p.cycle_ends.back()));
    std::vector<std::complex<Real>> state = held_as<Real>(start);
    apply_permutation(state.data(), p);
    INFO("trial " << trial << ", " << count << " ops, lowest qubit " << lowest);
    REQUIRE(sv_test::max_difference(widened(state), expected) == 0.0);
  }
}

}  // namespace

TEST_CASE("permutation ops are the ones that only move amplitudes", "[tiles][permutation]") {
  CHECK(is_permutation(QubitOp::two_level(0b1, 0, {0.0, 1.0, 1.0, 0.0})));  // X
  QubitOp toffoli = QubitOp::two_level(0b100, 0, {0.0, 1.0, 1.0, 0.0});
  toffoli.control_mask = toffoli.control_values = 0b011;
  CHECK(is_permutation(toffoli));
  CHECK(is_permutation(QubitOp::two_level(0b110, 0b010, {0.0, 1.0, 1.0, 0.0})));  // SWAP
  const Complex i(0.0, 1.0);
  CHECK_FALSE(is_permutation(QubitOp::two_level(0b1, 0, {0.0, -i, i, 0.0})));  // Y: moves with phases
  CHECK_FALSE(is_permutation(QubitOp::two_level(0b1, 0, {0.0, 1.0, -1.0, 0.0})));
  const double h = 1.0 / std::sqrt(2.0);
  CHECK_FALSE(is_permutation(QubitOp::two_level(0b1, 0, {h, h, h, -h})));
  CHECK_FALSE(is_permutation(QubitOp::phase(1.0)));
  CHECK_FALSE(is_permutation(QubitOp::parity(1.0, 1.0, 0b1)));
  const unsigned two[] = {0, 1};
  const Matrix cnot = {1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0};
  CHECK(is_permutation(QubitOp::dense(two, cnot)));
  Matrix signed_cnot = cnot;
  signed_cnot[7] = -1.0;
  CHECK_FALSE(is_permutation(QubitOp::dense(two, signed_cnot)));
  Matrix nearly = cnot;
  nearly[7] = 1.0 + 1e-15;  // exactly 1 only: a moved amplitude must stay bit for bit what it was
  CHECK_FALSE(is_permutation(QubitOp::dense(two, nearly)));
  const Matrix two_ones_in_a_row = {1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  CHECK_FALSE(is_permutation(QubitOp::dense(two, two_ones_in_a_row)));
}

TEST_CASE("composed permutations move every amplitude where the ops one by one take it", "[tiles][permutation]") {
  check_composed_sequences<double>(11);
  check_composed_sequences<float>(13);
  // An identity (an op and its inverse) moves nothing.
  const QubitOp x = QubitOp::two_level(0b100, 0, {0.0, 1.0, 1.0, 0.0});
  const QubitOp ops[] = {x, x};
  const TilePermutation p = compose_permutation(ops, 5);
  CHECK(p.moved_blocks() == 0);
  CHECK(compose_permutation({}, 5).moved_blocks() == 0);
}

TEST_CASE("compose_permutation refuses what it cannot compose", "[tiles][permutation][errors]") {
  const QubitOp x = QubitOp::two_level(0b1, 0, {0.0, 1.0, 1.0, 0.0});
  const QubitOp h = QubitOp::two_level(0b1, 0, {1.0, 1.0, 1.0, -1.0});
  const QubitOp not_a_permutation[] = {x, h};
  CHECK_THROWS_WITH(compose_permutation(not_a_permutation, 4), Catch::Contains("not a permutation"));
  QubitOp controlled_outside = x;
  controlled_outside.control_mask = controlled_outside.control_values = QubitMask{1} << 6;
  const QubitOp outside[] = {controlled_outside};
  CHECK_THROWS_WITH(compose_permutation(outside, 6), Catch::Contains("outside the tile"));
  const QubitOp one[] = {x};
  CHECK_THROWS_WITH(compose_permutation(one, 0), Catch::Contains("out of range"));
  CHECK_THROWS_WITH(compose_permutation(one, 40), Catch::Contains("out of range"));
}

namespace {

// Tiles of 8 of 11 qubits: runs of permutation ops (some with a control outside the window, which
// stay single steps) between random rotations, applied tile by tile against the reference.
template <class Real>
void check_programs_with_permutations(unsigned threads, std::uint64_t seed) {
  constexpr unsigned n = 11, k = 8;
  std::mt19937_64 rng(seed);
  for (int trial = 0; trial < 6; ++trial) {
    const unsigned chunk = trial % 2 == 0 ? k : 3 + static_cast<unsigned>(rng() % (k - 3));
    QubitMask window = (QubitMask{1} << chunk) - 1;
    while (std::popcount(window) < static_cast<int>(k)) window |= QubitMask{1} << (chunk + 1 + rng() % (n - chunk - 1));
    TileProgram<Real> program;
    program.reset(window, kernel_table_for<Real>(best_simd_level(), k));
    const State start = sv_test::random_state(n, rng());
    State expected = widened(held_as<Real>(start));
    std::size_t added = 0;
    for (int segment = 0; segment < 5; ++segment) {
      const std::size_t run = rng() % 10;  // short ones applied one by one, longer ones composed
      for (std::size_t i = 0; i < run;) {
        const PermutationCase c = permutation_case(n, 0, rng);
        if (!fits_window(c.op, window)) continue;
        program.add(c.op);
        expected = apply(expected, n, c);
        ++i;
        ++added;
      }
      // A rotation (never a permutation) ends the sequence.
      std::vector<unsigned> inside;
      for (unsigned q = 0; q < n; ++q)
        if ((window >> q) & 1u) inside.push_back(q);
      const unsigned target = inside[rng() % inside.size()];
      const Matrix u = sv_test::random_unitary(1, rng());
      program.add(QubitOp::two_level(QubitMask{1} << target, 0, {u[0], u[1], u[2], u[3]}));
      const unsigned wire[] = {target};
      expected = sv_test::apply_reference(expected, n, u, wire);
    }
    const bool ends_with_permutations = trial % 3 == 0;
    if (ends_with_permutations) {  // held until finish()
      for (int i = 0; i < 4;) {
        const PermutationCase c = permutation_case(n, 0, rng);
        if (!fits_window(c.op, window) || (c.op.touched_mask() & ~window) != 0) continue;
        program.add(c.op);
        expected = apply(expected, n, c);
        ++i;
      }
    }
    std::vector<std::complex<Real>> state = held_as<Real>(start);
    TileBuffers<Real> buffers;
    if (ends_with_permutations) {
      CHECK_FALSE(program.finished());
      CHECK_THROWS_WITH(walk_tiles(state.data(), n, program, threads, buffers), Catch::Contains("finish()"));
    }
    program.finish();
    CHECK(program.finished());
    walk_tiles(state.data(), n, program, threads, buffers);
    constexpr double kTolerance = std::is_same_v<Real, float> ? 1e-5 : 1e-12;
    INFO("trial " << trial << " window " << window << " threads " << threads << ", " << added << " permutation ops");
    REQUIRE(sv_test::max_difference(widened(state), expected) < kTolerance);
  }
}

}  // namespace

TEST_CASE("tile programs compose runs of permutation ops between other ops", "[tiles][permutation]") {
  for (unsigned threads : {1u, 2u}) {
    check_programs_with_permutations<double>(threads, 21 + threads);
    check_programs_with_permutations<float>(threads, 31 + threads);
  }
  // Three consecutive permutations inside the window moving blocks of whole cache lines are one step;
  // with a control outside, each is its own.
  TileProgram<double> program;
  program.reset(0xFF, kernel_table_for<double>(best_simd_level(), 8));
  const QubitOp x2 = QubitOp::two_level(0b100, 0, {0.0, 1.0, 1.0, 0.0});  // tile bit 2: blocks of 64 bytes
  for (int i = 0; i < 3; ++i) program.add(x2);
  QubitOp controlled_outside = x2;
  controlled_outside.control_mask = controlled_outside.control_values = QubitMask{1} << 9;
  program.add(controlled_outside);
  program.finish();
  CHECK(program.size() == 2);
  CHECK(program.composed_ops() == 3);
  // Moves amplitude by amplitude cost more: composed from min_composed_permutations(16) = 6 ops on.
  CHECK(min_composed_permutations(16) == 6);
  const QubitOp x0 = QubitOp::two_level(0b1, 0, {0.0, 1.0, 1.0, 0.0});
  program.reset(0xFF, kernel_table_for<double>(best_simd_level(), 8));
  for (int i = 0; i < 5; ++i) program.add(x0);
  program.finish();
  CHECK(program.size() == 5);
  CHECK(program.composed_ops() == 0);
  program.reset(0xFF, kernel_table_for<double>(best_simd_level(), 8));
  for (int i = 0; i < 6; ++i) program.add(x0);
  program.finish();
  CHECK(program.size() == 1);
  CHECK(program.composed_ops() == 6);
}
