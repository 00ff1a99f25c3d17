// Fusion: random circuits give the same state fused (every block size) and unfused, and both match
// the independent reference; queued gates are flushed before every read.
#include "device_helpers.hpp"

#include "fusion/fuser.hpp"
#include "fusion/global_phase.hpp"
#include "kernels/apply_op.hpp"

#include <catch2/catch.hpp>

#include <bit>
#include <cmath>

using namespace sv_test;

TEST_CASE("fused and unfused random circuits agree with the reference", "[fusion]") {
  for (unsigned n : {3u, 5u, 7u}) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      const RandomCircuit circuit = random_circuit(n, 60, seed * 100 + n);
      const State expected = reference_run(n, circuit);

      auto unfused = make_device(R"({"fusion": false})");
      unfused->allocate_qubits(n);
      run(*unfused, circuit);
      const State plain = read_state(*unfused);
      INFO("n=" << n << " seed=" << seed);
      REQUIRE(max_difference(plain, expected) < 1e-12);

      for (unsigned k = 1; k <= 5; ++k) {
        auto fused =
            make_device(R"({"fusion": true, "fusion_min_qubits": 0, "fusion_max_qubits": )" + std::to_string(k) + "}");
        fused->allocate_qubits(n);
        run(*fused, circuit);
        INFO("fusion_max_qubits=" << k);
        REQUIRE(max_difference(read_state(*fused), plain) < 1e-12);
      }
    }
  }
}

TEST_CASE("reads flush the fusion queue", "[fusion]") {
  auto device = make_device(R"({"fusion": true, "fusion_min_qubits": 0, "fusion_max_qubits": 3, "seed": 5})");
  device->allocate_qubits(3);
  apply(*device, {"PauliX", {}, {0}, {}, {}, false});
  std::vector<double> p(2);
  const qrt::sdk::Wire w0[] = {0};
  device->probs(w0, p);
  CHECK(p[1] == Approx(1.0).margin(1e-15));
  apply(*device, {"Hadamard", {}, {1}, {}, {}, false});
  apply(*device, {"CNOT", {}, {1, 2}, {}, {}, false});
  const int m1 = device->measure(1, std::nullopt);
  const int m2 = device->measure(2, std::nullopt);
  CHECK(m1 == m2);  // Bell pair: the queue reached the state before measuring
  apply(*device, {"PauliX", {}, {0}, {}, {}, false});
  qrt::sdk::Observable z0{{{1.0, {{qrt::sdk::ObservableKind::PauliZ, {0}, {}}}}}};
  CHECK(device->expval(z0) == Approx(1.0).margin(1e-15));
}

TEST_CASE("fuser keeps blocks within the size limit and applies single ops unchanged", "[fusion]") {
  using namespace qrt::sv;
  struct Recorder : OpSink {
    std::vector<QubitOp> ops;
    void apply(const QubitOp& op) override { ops.push_back(op); }
  } sink;
  Fuser fuser({true, 2, 0});
  const QubitOp x0 = QubitOp::two_level(1, 0, {0.0, 1.0, 1.0, 0.0});
  const QubitOp cz01 = QubitOp::phase(-1.0, 3, 3);
  const QubitOp x2 = QubitOp::two_level(4, 0, {0.0, 1.0, 1.0, 0.0});
  fuser.push(x0, 4, sink);
  fuser.push(cz01, 4, sink);  // joins {0}: block {0,1}
  CHECK(sink.ops.empty());
  fuser.push(x2, 4, sink);  // disjoint: a second block {2}
  CHECK(sink.ops.empty());
  QubitOp cz12 = QubitOp::phase(-1.0, 6, 6);  // touches {1,2}: {0,1} + {2} would be 3 qubits
  fuser.push(cz12, 4, sink);
  REQUIRE(sink.ops.size() == 1);  // the largest overlapping block {0,1} went to the state
  CHECK(sink.ops[0].shape == OpShape::Dense);
  CHECK(sink.ops[0].target_mask == 3);
  fuser.flush(sink);
  REQUIRE(sink.ops.size() == 2);
  CHECK(sink.ops[1].target_mask == 6);
  CHECK(fuser.empty());

  // A block holding a single op is applied as that op, keeping its cheap shape.
  sink.ops.clear();
  fuser.push(cz12, 4, sink);
  fuser.flush(sink);
  REQUIRE(sink.ops.size() == 1);
  CHECK(sink.ops[0].shape == OpShape::Phase);
}

TEST_CASE("cost-aware fusion in cache: two real CNOT steps take one 3-qubit op, complex ones stay steps", "[fusion]") {
  using namespace qrt::sv;
  struct Recorder : OpSink {
    std::vector<QubitOp> ops;
    void apply(const QubitOp& op) override { ops.push_back(op); }
  };
  const double c = std::cos(0.35), s = std::sin(0.35);
  const Complex e = std::polar(1.0, 0.4);
  const auto rotation = [&](unsigned q, bool real) {
    return real ? QubitOp::two_level(QubitMask{1} << q, 0, {c, -s, s, c})
                : QubitOp::two_level(QubitMask{1} << q, 0, {c * e, -s * e, s, c});
  };
  const auto cnot = [](unsigned control, unsigned target) {
    QubitOp op = QubitOp::two_level(QubitMask{1} << target, 0, {0.0, 1.0, 1.0, 0.0});
    op.control_mask = op.control_values = QubitMask{1} << control;
    return op;
  };
  constexpr unsigned n = 5;
  for (const bool real : {true, false}) {
    INFO((real ? "real" : "complex") << " rotations");
    std::vector<QubitOp> circuit;
    for (unsigned q = 0; q < 4; ++q) circuit.push_back(rotation(q, real));
    for (unsigned q = 0; q < 3; ++q) circuit.push_back(cnot(q, q + 1));
    Recorder sink;
    Fuser fuser({true, 3, 0, true});
    for (const QubitOp& op : circuit) fuser.push(op, n, sink);
    fuser.flush(sink);

    // The fused ops give the circuit's state.
    ExecPolicy policy;
    Workspace workspace;
    State fused(std::size_t{1} << n), plain(std::size_t{1} << n);
    for (std::size_t i = 0; i < fused.size(); ++i) fused[i] = plain[i] = std::polar(1.0 / 32, 0.3 * double(i));
    for (const QubitOp& op : circuit) apply_op(plain.data(), n, op, policy, workspace);
    for (const QubitOp& op : sink.ops) apply_op(fused.data(), n, op, policy, workspace);
    CHECK(max_difference(fused, plain) < 1e-14);

    if (real) {
      // CNOT(0,1) with both rotations: one 4x4; CNOT(1,2) and CNOT(2,3) with the rotations on their
      // targets: one op on {1, 2, 3} that never flips qubit 1 (it only selects a block), as cheap as a
      // 4x4 and cheaper than the two steps apart.
      REQUIRE(sink.ops.size() == 2);
      CHECK(sink.ops[0].target_mask == 0b0011);
      const QubitOp& steps = sink.ops[1];
      REQUIRE(steps.shape == OpShape::Dense);
      CHECK(steps.target_mask == 0b1110);
      for (unsigned j = 0; j < steps.num_targets; ++j)
        CHECK(((steps.flipped_matrix_bits() >> j) & 1u) == (steps.targets[j] == 1 ? 0u : 1u));
      CHECK(kernel_cost(steps) == Approx(kernel_cost(sink.ops[0])));
      // One step apart: CNOT(1, 2) after the rotation on 2, a 2-qubit op (matrix bit 0: the target).
      Matrix step(16);
      const double u[4] = {c, -s, s, c};
      for (unsigned control = 0; control < 2; ++control)
        for (unsigned out = 0; out < 2; ++out)
          for (unsigned in = 0; in < 2; ++in)
            step[(2 * control + (out ^ control)) * 4 + 2 * control + in] = u[out * 2 + in];
      const unsigned pair[] = {2, 1};
      CHECK(kernel_cost(steps) < 2 * kernel_cost(QubitOp::dense(pair, step)));
    } else {
      // Complex: the 3-qubit op keeps its full cost (kernel_cost), and every op stays on at most 2 qubits.
      for (const QubitOp& op : sink.ops) CHECK(std::popcount(op.target_mask) <= 2);
    }
  }
}

namespace transpiled {

using namespace qrt::sv;

struct Recorder : OpSink {
  std::vector<QubitOp> ops;
  void apply(const QubitOp& op) override { ops.push_back(op); }
};

// As a transpiler writes them: SX = (1/2)[[1+i, 1-i], [1-i, 1+i]], RZ(t) = diag(e^{-it/2}, e^{it/2}).
QubitOp sx(unsigned q) {
  const Complex p(0.5, 0.5), m(0.5, -0.5);
  return QubitOp::two_level(QubitMask{1} << q, 0, {p, m, m, p});
}
QubitOp rz(unsigned q, double t) {
  return QubitOp::two_level(QubitMask{1} << q, 0, {std::polar(1.0, -t / 2), 0.0, 0.0, std::polar(1.0, t / 2)});
}
QubitOp cnot(unsigned control, unsigned target) {
  QubitOp op = QubitOp::two_level(QubitMask{1} << target, 0, {0.0, 1.0, 1.0, 0.0});
  op.control_mask = op.control_values = QubitMask{1} << control;
  return op;
}

// The state `ops` make of a fixed state of n qubits with distinct phases.
State state_after(unsigned n, const std::vector<QubitOp>& ops) {
  ExecPolicy policy;
  Workspace workspace;
  State s(std::size_t{1} << n);
  for (std::size_t i = 0; i < s.size(); ++i) s[i] = std::polar(1.0 / std::sqrt(double(s.size())), 0.37 * double(i));
  for (const QubitOp& op : ops) apply_op(s.data(), n, op, policy, workspace);
  return s;
}

// What a fuser with `config` sends for `circuit` on n qubits (flushed); the same state is checked.
std::vector<QubitOp> fused(unsigned n, const std::vector<QubitOp>& circuit, const FusionConfig& config) {
  Fuser fuser(config);
  Recorder sink;
  for (const QubitOp& op : circuit) fuser.push(op, n, sink);
  fuser.flush(sink);
  CHECK(max_difference(state_after(n, sink.ops), state_after(n, circuit)) < 1e-14);
  return sink.ops;
}

}  // namespace transpiled

TEST_CASE("kernel_cost prices permutations with phases, and blocks of them, below dense blocks", "[fusion]") {
  using namespace qrt::sv;
  // A Toffoli with phases, and one after a Hadamard on the qubit it flips: blocks of 1 and 2 (complex:
  // real ones that never flip some qubits are priced as the flipped ones alone).
  std::vector<Complex> monomial(64, 0.0), mixed(64, 0.0);
  const double h = 1.0 / std::sqrt(2.0);
  for (unsigned i = 0; i < 8; ++i) {
    const unsigned image = i == 6 ? 7 : i == 7 ? 6 : i;
    monomial[i * 8 + image] = std::polar(1.0, 0.3 * i);
    for (unsigned j = 0; j < 8; ++j)
      if ((j | 1u) == (image | 1u)) mixed[i * 8 + j] = std::polar((image & j & 1u) ? -h : h, 0.2 * i);
  }
  const unsigned targets[] = {4, 5, 6};
  const double dense = kernel_cost(QubitOp::dense(targets, sv_test::random_unitary(3, 3)));
  CHECK(dense == Approx(3.5));
  CHECK(kernel_cost(QubitOp::dense(targets, monomial)) == Approx(1.25));
  CHECK(kernel_cost(QubitOp::dense(targets, mixed)) == Approx(1.7));
  // A pure permutation keeps the dense price: unfused, a tile program composes its gates into moves.
  std::vector<Complex> shift(64, 0.0);
  for (unsigned i = 0; i < 8; ++i) shift[i * 8 + (i + 1) % 8] = 1.0;
  CHECK(kernel_cost(QubitOp::dense(targets, shift)) == Approx(3.5));
  // Blocks of 8 have no kernel of their own: a 4-qubit matrix of two keeps the dense price.
  std::vector<Complex> halves(256, 0.0);
  const Matrix u8 = random_unitary(3, 17);
  for (unsigned i = 0; i < 16; ++i)
    for (unsigned j = 0; j < 16; ++j)
      if ((i ^ j) < 8) halves[(i ^ 9u) * 16 + j] = u8[(i & 7u) * 8 + (j & 7u)];
  const unsigned four[] = {4, 5, 6, 7};
  CHECK(kernel_cost(QubitOp::dense(four, halves)) == Approx(7.0));
  // With a target inside the SIMD register (a lane qubit) permutations with phases and blocks of 2 cost
  // more, blocks of 4 take the dense kernel. Lanes the op does not target change nothing, and a
  // 2-qubit op of two 2x2 blocks costs as much with a lane target.
  const QubitMask lanes = 0b11;
  const unsigned lane_first[] = {1, 5, 6};
  CHECK(kernel_cost(QubitOp::dense(lane_first, mixed), lanes) == Approx(2.2));
  CHECK(kernel_cost(QubitOp::dense(lane_first, monomial), lanes) == Approx(2.2));
  CHECK(kernel_cost(QubitOp::dense(lane_first, mixed), 0) == Approx(1.7));
  CHECK(kernel_cost(QubitOp::dense(targets, mixed), lanes) == Approx(1.7));
  std::vector<Complex> quarters(64, 0.0);  // blocks of 4: two complex 4x4s, selected by matrix bit 2
  const Matrix u4a = random_unitary(2, 21), u4b = random_unitary(2, 22);
  for (unsigned i = 0; i < 4; ++i)
    for (unsigned j = 0; j < 4; ++j) {
      quarters[i * 8 + j] = u4a[i * 4 + j];
      quarters[(i + 4) * 8 + j + 4] = u4b[i * 4 + j];
    }
  CHECK(kernel_cost(QubitOp::dense(targets, quarters)) == Approx(2.6));
  CHECK(kernel_cost(QubitOp::dense(lane_first, quarters), lanes) == Approx(3.5));
  const double c = std::cos(0.3), s = std::sin(0.3);  // a CNOT with a rotation on its target
  const std::vector<Complex> step = {c, -s, 0, 0, s, c, 0, 0, 0, 0, s, c, 0, 0, c, -s};
  const unsigned on_lane[] = {0, 5};
  CHECK(kernel_cost(QubitOp::dense(on_lane, step), lanes) == Approx(0.95));
}

TEST_CASE("fused blocks that are real up to a global phase take real matrices, the phase sent apart", "[fusion]") {
  using namespace transpiled;
  constexpr unsigned n = 4;
  // SX RZ SX on qubit 0 is a real matrix as it stands; a Hadamard written as RZ SX RZ on qubit 1, with a
  // CNOT onto qubit 2, is one times e^{-i pi/4}. SX then RZ on qubit 3 is real up to no phase.
  const double half_pi = 1.5707963267948966;
  const std::vector<QubitOp> circuit = {sx(0),          rz(0, 0.7), sx(0), rz(1, half_pi), sx(1),
                                        rz(1, half_pi), cnot(1, 2), sx(3), rz(3, 0.4)};
  for (const bool factor : {false, true}) {
    INFO("real_up_to_phase=" << factor);
    FusionConfig config{true, 2, 0};
    config.real_up_to_phase = factor;
    std::size_t real_blocks = 0, phases = 0, complex_blocks = 0;
    for (const QubitOp& op : fused(n, circuit, config)) {
      if (is_global_phase(op)) {
        ++phases;
        CHECK(std::abs(op.coeffs[0]) == Approx(1.0).epsilon(1e-15));
      } else if (op.shape == OpShape::Dense) {
        (all_real(op.dense_matrix()) ? real_blocks : complex_blocks) += 1;
      }
    }
    CHECK(complex_blocks == (factor ? 1u : 2u));  // qubit 3's block stays complex either way
    CHECK(real_blocks == (factor ? 2u : 1u));
    CHECK(phases == (factor ? 1u : 0u));  // the Hadamard block's
  }
  // A global phase pushed on its own is sent on apart, and the block after it stays real.
  FusionConfig config{true, 2, 0};
  config.real_up_to_phase = true;
  const std::vector<QubitOp> ops = fused(n, {QubitOp::phase(Complex(0.0, 1.0)), sx(0), rz(0, 0.7), sx(0)}, config);
  REQUIRE(ops.size() == 2);
  CHECK(is_global_phase(ops[0]));
  CHECK(all_real(ops[1].dense_matrix()));
}

TEST_CASE("fused blocks that are diagonal with a parity structure are applied as Parity ops", "[fusion]") {
  using namespace transpiled;
  constexpr unsigned n = 5;
  for (const bool cost_aware : {false, true}) {
    INFO("cost_aware=" << cost_aware);
    const FusionConfig config{true, 3, 0, cost_aware};
    // RZZ as a transpiler writes it: CNOT, RZ, CNOT on qubits 1 and 3.
    std::vector<QubitOp> ops = fused(n, {cnot(1, 3), rz(3, 0.8), cnot(1, 3)}, config);
    REQUIRE(ops.size() == 1);
    CHECK(ops[0].shape == OpShape::Parity);
    CHECK(ops[0].target_mask == 0b01010);
    CHECK(std::abs(ops[0].coeffs[0] - std::polar(1.0, -0.4)) < 1e-15);
    CHECK(std::abs(ops[0].coeffs[1] - std::polar(1.0, 0.4)) < 1e-15);
    // The parity of three qubits (a ladder down and up): one Parity op on all three where the fuser
    // takes the five gates into one block (cost-aware fusion, pricing op by op, does not).
    ops = fused(n, {cnot(0, 2), cnot(2, 4), rz(4, 0.5), cnot(2, 4), cnot(0, 2)}, config);
    if (!cost_aware) {
      REQUIRE(ops.size() == 1);
      CHECK(ops[0].shape == OpShape::Parity);
      CHECK(ops[0].target_mask == 0b10101);
    }
    // A controlled phase is diagonal without a parity structure: it stays a dense block.
    const QubitOp cphase = QubitOp::phase(std::polar(1.0, 0.3), 0b00011, 0b00011);
    for (const QubitOp& op : fused(n, {rz(0, 0.2), cphase, rz(1, 0.1)}, config)) CHECK(op.shape != OpShape::Parity);
  }
}
