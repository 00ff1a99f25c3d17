// The tiled forward path (plugins/sim_common/tiles): the window planner's rules, and the device with
// tiles on against the untiled device and the independent reference, on random circuits of every
// gate kind (targets and controls on lane, low and high qubits), both precisions, 1 and 2 threads,
// with reads between the gates (the queue is flushed and qubits relabelled under the wire map).
#include "device_helpers.hpp"

#include "tiles/run_ops.hpp"
#include "tiles/tile_size.hpp"
#include "tiles/tiled_queue.hpp"
#include "tiles/window_planner.hpp"

#include <catch2/catch.hpp>

#include <bit>
#include <numeric>

using namespace sv_test;
using qrt::sdk::Wire;
using qrt::sv::OpFootprint;
using qrt::sv::QubitMask;

namespace {

GateInvocation g(std::string name, std::vector<Wire> wires, std::vector<double> params = {}) {
  return {std::move(name), std::move(params), std::move(wires), {}, {}, false};
}

QubitMask bits(std::initializer_list<unsigned> qubits) {
  QubitMask m = 0;
  for (unsigned q : qubits) m |= QubitMask{1} << q;
  return m;
}

// Tiles of 2^10 amplitudes (the smallest), so that states of 11-14 qubits have 2-16 tiles (tiled from 11
// qubits on: tile_min_qubits).
std::string tiled(const std::string& precision, unsigned threads, const std::string& rest = "") {
  return R"({"tiles": true, "tile_qubits": 10, "tile_min_qubits": 11, "precision": ")" + precision +
         R"(", "threads": )" + std::to_string(threads) + R"(, "parallel_min_qubits": 0)" +
         (rest.empty() ? "" : ", " + rest) + "}";
}

double tolerance(const std::string& precision) { return precision == "single" ? 1e-5 : 1e-12; }

// Runs `circuit(device)` on n qubits on the untiled device and on tiled ones (tiles of 2^10) in both
// precisions with 1 and 2 threads; `check(tiled, untiled, precision)` compares each pair.
template <class Circuit, class Check>
void against_untiled(unsigned n, Circuit circuit, Check check) {
  auto reference = make_device(R"({"tiles": false, "threads": 1})");
  for (const std::string precision : {"double", "single"}) {
    for (unsigned threads : {1u, 2u}) {
      auto tiles = make_device(tiled(precision, threads));
      for (auto* d : {reference.get(), tiles.get()}) {
        d->reset();
        d->allocate_qubits(n);
        circuit(*d);
      }
      INFO(precision << " threads=" << threads);
      check(*tiles, *reference, precision);
    }
  }
}

}  // namespace

TEST_CASE("the window planner runs what fits and defers what does not commute past a deferred op", "[tiles]") {
  using qrt::sv::plan_window_run;
  // 0: needs qubit 5 (outside a window of {0,1} that may hold 3 qubits) -> joins, window {0,1,5}
  // 1: needs 6 -> the window is full: deferred, blocks {6, 2}
  // 2: a phase on 6 (touches the blocked 6) -> deferred
  // 3: needs 0, touches 0 and 7 (a control outside the window is fine) -> joins
  // 4: touches 2 (blocked by op 1) -> deferred
  const std::vector<OpFootprint> ops = {{bits({5}), bits({5})},
                                        {bits({6, 2}), bits({6})},
                                        {bits({6}), 0},
                                        {bits({0, 7}), bits({0})},
                                        {bits({2}), bits({2})}};
  const qrt::sv::WindowRun run = plan_window_run(ops, {bits({0, 1}), 3});
  CHECK(run.ops == std::vector<std::size_t>{0, 3});
  CHECK(run.deferred == std::vector<std::size_t>{1, 2, 4});
  CHECK(run.window == bits({0, 1, 5}));

  // A budget: qubits outside `free_to_take` count against it.
  const std::vector<OpFootprint> two = {{bits({3}), bits({3})}, {bits({4}), bits({4})}, {bits({5}), bits({5})}};
  const qrt::sv::WindowRun budgeted = plan_window_run(two, {0, 8, bits({4}), 1});
  CHECK(budgeted.ops == std::vector<std::size_t>{0, 1});  // 3 spends the budget, 4 is free
  CHECK(budgeted.window == bits({3, 4}));

  // Next uses and the order they give.
  const qrt::sv::NextUse next = qrt::sv::next_use(ops);
  CHECK(next[5] == 0);
  CHECK(next[6] == 1);
  CHECK(next[0] == 3);
  CHECK(next[7] == ops.size());  // only ever a control
  CHECK(qrt::sv::by_next_use(bits({0, 2, 5, 7}), next) == std::vector<unsigned>{5, 0, 2, 7});
}

TEST_CASE("the window planner moves ops past deferred ones that share only diagonal qubits with them", "[tiles]") {
  using qrt::sv::plan_window_run;
  // A window of {0, 1} that may hold 3 qubits, full after op 0.
  // 0: needs 2 -> joins, window {0, 1, 2}
  // 1: a CNOT with control 1 and target 5 -> deferred: holds 5 (inside) and 1 (a control)
  // 2: a CNOT with control 1 and target 0: shares only the control 1 -> joins
  // 3: a phase (RZ) on 1: diagonal where op 1 is diagonal -> joins
  // 4: a controlled swap of 0 and 2 controlled by 5: 5 is inside op 1 -> deferred
  // 5: a phase on 5 -> deferred (5 is inside op 1)
  // 6: a CNOT with control 0 and target 1: its target 1 is a control of op 1 -> deferred
  const std::vector<OpFootprint> ops = {{bits({2}), bits({2})},          {bits({1, 5}), bits({5})},
                                        {bits({1, 0}), bits({0})},       {bits({1}), 0},
                                        {bits({5, 0, 2}), bits({0, 2})}, {bits({5}), 0},
                                        {bits({0, 1}), bits({1})}};
  const qrt::sv::WindowRun run = plan_window_run(ops, {bits({0, 1}), 3});
  CHECK(run.ops == std::vector<std::size_t>{0, 2, 3});
  CHECK(run.deferred == std::vector<std::size_t>{1, 4, 5, 6});

  // A fan of controlled swaps sharing their control (QASMBench's knn and swap_test): the ones inside
  // the window run although one outside it was left out before them.
  const std::vector<OpFootprint> fan = {{bits({0, 1, 9}), bits({1, 9})},
                                        {bits({0, 2, 3}), bits({2, 3})},
                                        {bits({0, 4, 8}), bits({4, 8})},
                                        {bits({0, 5, 6}), bits({5, 6})}};
  const qrt::sv::WindowRun fanned = plan_window_run(fan, {bits({0, 1, 2, 3, 4, 5, 6}), 7});
  CHECK(fanned.ops == std::vector<std::size_t>{1, 3});
  CHECK(fanned.deferred == std::vector<std::size_t>{0, 2});
}

TEST_CASE("the window planner's local search exchanges qubits the greedy walk took for ones more ops need", "[tiles]") {
  using qrt::sv::improve_window_run;
  using qrt::sv::plan_window_run;
  // A window of {0} that may hold 3 qubits. One-qubit ops on 1, 2, 3, 4 come first (a layer of
  // rotations), then ops on {1, 3} and {2, 4} (controlled swaps between far-apart qubits).
  // Greedily the window takes 1 and 2 and runs two ops; {0, 1, 3} or {0, 2, 4} run three.
  const std::vector<OpFootprint> ops = {{bits({1}), bits({1})},          {bits({2}), bits({2})},
                                        {bits({3}), bits({3})},          {bits({4}), bits({4})},
                                        {bits({0, 1, 3}), bits({1, 3})}, {bits({0, 2, 4}), bits({2, 4})}};
  const qrt::sv::WindowLimits limits{bits({0}), 3};
  const qrt::sv::WindowRun greedy = plan_window_run(ops, limits);
  CHECK(greedy.ops == std::vector<std::size_t>{0, 1});
  const qrt::sv::WindowRun improved = improve_window_run(ops, limits, greedy, 1000);
  CHECK(improved.window == bits({0, 1, 3}));
  CHECK(improved.ops == std::vector<std::size_t>{0, 2, 4});
  CHECK(improved.deferred == std::vector<std::size_t>{1, 3, 5});
  // Within its bound on the work (no window tried): the greedy run as it was.
  CHECK(improve_window_run(ops, limits, greedy, 0).window == greedy.window);
  // The qubits the run starts with stay; where none can leave, nothing changes.
  const qrt::sv::WindowLimits fixed{bits({0, 1, 2}), 3};
  CHECK(improve_window_run(ops, fixed, plan_window_run(ops, fixed), 1000).ops == std::vector<std::size_t>{0, 1});
  // A budget on the qubits taken is kept (4 is free to take, the others count against 1).
  const qrt::sv::WindowLimits budgeted{bits({0}), 3, bits({4}), 1};
  const qrt::sv::WindowRun within = improve_window_run(ops, budgeted, plan_window_run(ops, budgeted), 1000);
  CHECK(std::popcount(within.window & ~bits({0, 4})) <= 1);
  CHECK(within.window == bits({0, 2, 4}));
  CHECK(within.ops == std::vector<std::size_t>{1, 3, 5});
}

TEST_CASE("planned runs keep the order of every pair of ops that do not commute", "[tiles]") {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<OpFootprint> ops(40);
    for (OpFootprint& op : ops) {
      const QubitMask a = QubitMask{1} << (rng() % 12), b = QubitMask{1} << (rng() % 12);
      op.touched = a | b;
      op.inside = rng() % 3 == 0 ? 0 : a;
    }
    const unsigned capacity = 2 + static_cast<unsigned>(rng() % 6);
    const qrt::sv::WindowRun greedy = qrt::sv::plan_window_run(ops, {bits({0}), capacity});
    // Every other trial through the window the local search finds: never fewer ops, the same rules.
    const qrt::sv::WindowRun run =
        trial % 2 ? qrt::sv::improve_window_run(ops, {bits({0}), capacity}, greedy, 100000) : greedy;
    REQUIRE(run.ops.size() >= greedy.ops.size());
    REQUIRE((run.window & 1u) != 0);
    REQUIRE(run.ops.size() + run.deferred.size() == ops.size());
    REQUIRE(static_cast<unsigned>(std::popcount(run.window)) <= capacity);
    std::vector<bool> in_run(ops.size(), false);
    for (std::size_t i : run.ops) {
      in_run[i] = true;
      REQUIRE((ops[i].inside & ~run.window) == 0);
    }
    // Running the run first moves each of its ops before the deferred ops that preceded it: they
    // must commute (every qubit they share is one both act on diagonally).
    for (std::size_t j = 0; j < ops.size(); ++j)
      for (std::size_t i = 0; i < j; ++i)
        if (in_run[j] && !in_run[i]) {
          REQUIRE((ops[i].inside & ops[j].touched) == 0);
          REQUIRE((ops[i].touched & ops[j].inside) == 0);
        }
  }
}

TEST_CASE("relabelling brings the qubits needed soonest down, the first where the write-back swaps, a lane last",
          "[tiles]") {
  // Tiles of 12 qubits whose windows hold the 7 lowest (qubits 0 and 1 inside a SIMD register); a gathered
  // run's write-back swaps low qubits from 5 up. The run's window: the low qubits and 9-13.
  const qrt::sv::RelabelLayout layout{12, 7, 2, 5};
  const QubitMask window = bits({0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 12, 13});
  // The deferred ops need 9, 10, 0, 2, 4, 6, 3 and 5, in that order: 9 and 10 come down in place of 1
  // (never needed) and 5 (needed last). 9, needed first, takes 5's place (the write-back swaps it);
  // 10 takes the lane.
  std::vector<OpFootprint> deferred;
  for (unsigned q : {9u, 10u, 0u, 2u, 4u, 6u, 3u, 5u}) deferred.push_back({bits({q}), bits({q})});
  using Swaps = std::vector<std::pair<unsigned, unsigned>>;
  CHECK(qrt::sv::relabel_swaps(window, deferred, layout) == Swaps{{5, 9}, {1, 10}});
  // With 2 and 3 free instead (never needed), no lane takes a qubit; neither place is one the write-back
  // swaps, and the least wanted goes first (a tie: the higher).
  deferred.clear();
  for (unsigned q : {9u, 10u, 0u, 1u, 4u, 6u, 5u}) deferred.push_back({bits({q}), bits({q})});
  CHECK(qrt::sv::relabel_swaps(window, deferred, layout) == Swaps{{3, 9}, {2, 10}});
  CHECK(qrt::sv::relabel_swaps(window, {}, layout).empty());
}

TEST_CASE("tiled random circuits match the untiled device and the reference", "[tiles]") {
  // The reference at n = 11 (its matrices of many-wire gates grow as 4^n); the untiled device at 13.
  for (unsigned n : {11u, 13u}) {
    const RandomCircuit circuit = random_circuit(n, 120, 31 * n);
    const State expected = n <= 11 ? reference_run(n, circuit) : State{};
    auto untiled = make_device(R"({"tiles": false})");
    untiled->allocate_qubits(n);
    run(*untiled, circuit);
    const State plain = read_state(*untiled);
    if (!expected.empty()) REQUIRE(max_difference(plain, expected) < 1e-12);
    for (const std::string precision : {"double", "single"}) {
      for (unsigned threads : {1u, 2u}) {
        auto tiles = make_device(tiled(precision, threads));
        tiles->allocate_qubits(n);
        run(*tiles, circuit);
        INFO(precision << " threads=" << threads << " n=" << n);
        CHECK(max_difference(read_state(*tiles), plain) < tolerance(precision));
        const qrt::sv::TileStats& stats = tiles->tile_stats();
        CHECK(stats.ops > 0);
        CHECK(stats.runs < stats.ops / 4);  // many gates per pass
      }
    }
  }
}

TEST_CASE("a layered circuit takes few passes and relabels qubits, and reads in between see the right wires",
          "[tiles]") {
  // 10 layers of RX, RY, RZ on every wire and a CNOT ladder, as the benchmark, on 13 qubits with tiles
  // of 10: the ladder needs every qubit in turn, so the windows move and the queue relabels qubits.
  constexpr unsigned n = 13;
  auto reference = make_device(R"({"tiles": false, "threads": 1})");
  auto tiles = make_device(tiled("double", 2));
  for (auto* d : {reference.get(), tiles.get()}) d->allocate_qubits(n);
  for (int layer = 0; layer < 10; ++layer) {
    for (auto* d : {reference.get(), tiles.get()}) {
      for (Wire w = 0; w < n; ++w) {
        apply(*d, g("RX", {w}, {0.1 + 0.01 * layer}));
        apply(*d, g("RY", {w}, {0.2 - 0.01 * w}));
        apply(*d, g("RZ", {w}, {0.3 + 0.02 * w}));
      }
      for (Wire w = 0; w + 1 < n; ++w) apply(*d, g("CNOT", {w, w + 1}));
    }
    if (layer == 4) {  // a read mid-way: flushes, and the wires must map to the relabelled qubits
      qrt::sdk::Observable z3{{{1.0, {{qrt::sdk::ObservableKind::PauliZ, {3}, {}}}}}};
      CHECK(tiles->expval(z3) == Approx(reference->expval(z3)).margin(1e-12));
      // A Hamiltonian (words grouped by flip mask, one walk over the state) on relabelled qubits.
      using qrt::sdk::ObservableKind;
      const qrt::sdk::Observable h{{{0.5, {{ObservableKind::PauliX, {0}, {}}, {ObservableKind::PauliZ, {12}, {}}}},
                                    {-0.3, {{ObservableKind::PauliY, {11}, {}}, {ObservableKind::PauliY, {4}, {}}}},
                                    {0.8, {{ObservableKind::PauliZ, {7}, {}}}},
                                    {0.25, {{ObservableKind::PauliX, {10}, {}}, {ObservableKind::PauliX, {2}, {}}}}}};
      CHECK(tiles->expval(h) == Approx(reference->expval(h)).margin(1e-12));
      CHECK(tiles->var(h) == Approx(reference->var(h)).margin(1e-12));
      std::vector<double> p_ref(8), p_tiles(8);
      const Wire some[] = {9, 2, 12};
      reference->probs(some, p_ref);
      tiles->probs(some, p_tiles);
      for (std::size_t i = 0; i < p_ref.size(); ++i) CHECK(p_tiles[i] == Approx(p_ref[i]).margin(1e-12));
    }
  }
  CHECK(max_difference(read_state(*tiles), read_state(*reference)) < 1e-12);
  const qrt::sv::TileStats& stats = tiles->tile_stats();
  CHECK(stats.swaps > 0);
  CHECK(stats.gathered_runs > 0);
  CHECK(stats.direct_ops == 0);
  CHECK(stats.passes() <= 20);  // 510 gates: the untiled fused path takes about 130 passes
}

TEST_CASE("a |0...0> state's qubits are renumbered for the first run where it then takes more ops", "[tiles]") {
  // Layers of rotations and a CNOT ladder from wire 0 up, on 14 qubits with tiles of 10. Wire 0 is the
  // highest qubit (WireMap) and every window holds the lowest: as allocated, the first window holds the
  // wires the ladder reaches last. On a fresh state the queue renumbers the qubits in the order the
  // gates first need them (free: |0...0> is unchanged), so the first run sweeps the ladder from wire 0.
  // The same circuit on a state that was changed and changed back (X twice, a read between) keeps the
  // layout and takes more passes (4 against 2); both match the untiled device.
  constexpr unsigned n = 14;
  const auto layers = [](qrt::sv::StatevectorDevice& d) {
    for (int layer = 0; layer < 4; ++layer) {
      for (Wire w = 0; w < n; ++w) {
        apply(d, g("RY", {w}, {0.2 + 0.01 * layer + 0.03 * w}));
        apply(d, g("RZ", {w}, {0.1 - 0.02 * w}));
      }
      for (Wire w = 0; w + 1 < n; ++w) apply(d, g("CNOT", {w, w + 1}));
    }
  };
  auto reference = make_device(R"({"tiles": false, "threads": 1})");
  reference->allocate_qubits(n);
  layers(*reference);
  const State expected = read_state(*reference);
  for (const std::string precision : {"double", "single"}) {
    INFO(precision);
    auto fresh = make_device(tiled(precision, 2));
    fresh->allocate_qubits(n);
    layers(*fresh);
    CHECK(max_difference(read_state(*fresh), expected) < tolerance(precision));

    auto touched = make_device(tiled(precision, 2));
    touched->allocate_qubits(n);
    apply(*touched, g("PauliX", {3}));
    std::vector<double> p(2);
    const Wire three[] = {3};
    touched->probs(three, p);  // a flush: the state is no longer |0...0>
    CHECK(p[1] == Approx(1.0));
    apply(*touched, g("PauliX", {3}));
    const std::uint64_t before = touched->tile_stats().passes() + touched->untiled_passes();
    layers(*touched);
    CHECK(max_difference(read_state(*touched), expected) < tolerance(precision));
    const std::uint64_t fresh_passes = fresh->tile_stats().passes() + fresh->untiled_passes();
    const std::uint64_t touched_passes = touched->tile_stats().passes() + touched->untiled_passes() - before;
    INFO("passes: fresh " << fresh_passes << ", touched " << touched_passes);
    CHECK(fresh_passes < touched_passes);

    // After a reset the state is |0...0> again, and the same circuit takes the fresh state's passes.
    touched->reset();
    touched->allocate_qubits(n);
    const std::uint64_t after_reset = touched->tile_stats().passes() + touched->untiled_passes();
    layers(*touched);
    CHECK(max_difference(read_state(*touched), expected) < tolerance(precision));
    CHECK(touched->tile_stats().passes() + touched->untiled_passes() - after_reset == fresh_passes);
  }
}

TEST_CASE("a real ansatz takes two CNOT steps a pass and matches the untiled device", "[tiles]") {
  // RY layers and CNOT ladders (a hardware-efficient ansatz): inside a run, two ladder steps with the
  // rotations on their targets fuse into one real 3-qubit op whose first control only selects a block
  // (fusion/fuser.cpp, kernel_cost; test_fusion.cpp checks the fusion), inside the window or outside it
  // (a tile program's selector).
  constexpr unsigned n = 13;
  const auto circuit = [](qrt::sv::StatevectorDevice& d) {
    for (int layer = 0; layer < 6; ++layer) {
      for (Wire w = 0; w < n; ++w) apply(d, g("RY", {w}, {0.3 + 0.07 * w - 0.11 * layer}));
      // A ladder over the wires in the order 0, 5, 10, 2, 7, ... (steps of 5 modulo 13), forwards and
      // backwards: consecutive steps then lie in and out of the windows.
      for (Wire i = 0; i + 1 < n; ++i) {
        const Wire a = (layer % 2 == 0 ? i : n - 1 - i) * 5 % n, b = (layer % 2 == 0 ? i + 1 : n - 2 - i) * 5 % n;
        apply(d, g("CNOT", {a, b}));
      }
    }
  };
  against_untiled(n, circuit, [](auto& tiles, auto& reference, const std::string& precision) {
    CHECK(max_difference(read_state(tiles), read_state(reference)) < tolerance(precision));
    CHECK(tiles.tile_stats().runs > 0);
  });
}

TEST_CASE("a run's real one-qubit ops pair into real 4x4s, off the lanes and not across an op on the partner",
          "[tiles]") {
  using namespace qrt::sv;
  const auto ry = [](unsigned q, double t) {
    const double c = std::cos(t / 2), s = std::sin(t / 2);
    return QubitOp::two_level(QubitMask{1} << q, 0, {c, -s, s, c});
  };
  const auto rx = [](unsigned q, double t) {
    const double c = std::cos(t / 2), s = std::sin(t / 2);
    return QubitOp::two_level(QubitMask{1} << q, 0, {c, Complex(0, -s), Complex(0, -s), c});
  };
  QubitOp cnot = QubitOp::two_level(bits({3}), 0, {0.0, 1.0, 1.0, 0.0});
  cnot.control_mask = cnot.control_values = bits({2});
  const QubitOp x5 = QubitOp::two_level(bits({5}), 0, {0.0, 1.0, 1.0, 0.0});
  // RY(4) moves up to RY(2) (nothing between touches qubit 4); RY(3) cannot move across the CNOT on
  // {2, 3} and pairs with RY(5) later; RY(0) lies on a lane; X (a permutation) and RX (complex) are no
  // partners.
  const std::vector<QubitOp> circuit = {ry(2, 0.3), cnot,       ry(0, 0.4), x5,
                                        ry(4, 0.5), rx(6, 0.6), ry(3, 0.7), ry(5, 0.8)};
  std::vector<QubitOp> ops = circuit;
  const QubitMask lanes = qrt::sv::lane_qubits(bits({0, 1, 2, 3, 4, 5, 6}) & ~bits({1}));
  CHECK(lanes == bits({0, 2, 3}));
  REQUIRE(qrt::sv::pair_real_rotations(ops, lanes) == 1);  // 2 and 3 are lanes here: 4 and 5 pair
  CHECK(ops[4].target_mask == bits({4, 5}));
  ops = circuit;
  REQUIRE(qrt::sv::pair_real_rotations(ops, bits({0})) == 2);
  REQUIRE(ops.size() == 6);
  CHECK(ops[0].shape == OpShape::Dense);
  CHECK(ops[0].target_mask == bits({2, 4}));
  CHECK(ops[5].shape == OpShape::Dense);
  CHECK(ops[5].target_mask == bits({3, 5}));
  constexpr unsigned n = 7;
  ExecPolicy policy;
  Workspace workspace;
  State paired(std::size_t{1} << n), plain(std::size_t{1} << n);
  for (std::size_t i = 0; i < plain.size(); ++i)
    paired[i] = plain[i] = std::polar(1.0 / std::sqrt(128.0), 0.41 * double(i));
  for (const QubitOp& op : circuit) apply_op(plain.data(), n, op, policy, workspace);
  for (const QubitOp& op : ops) apply_op(paired.data(), n, op, policy, workspace);
  CHECK(max_difference(paired, plain) < 1e-14);
}

TEST_CASE("a tiled layer of RY rotations pairs them and matches the untiled device", "[tiles]") {
  constexpr unsigned n = 13;
  const auto circuit = [](qrt::sv::StatevectorDevice& d) {
    for (Wire w = 0; w < n; ++w) apply(d, g("RY", {w}, {0.3 + 0.07 * w}));
    for (Wire w = 0; w + 1 < n; w += 3) apply(d, g("CZ", {w, w + 1}));
    for (Wire w = 0; w < n; ++w) apply(d, g("RY", {w}, {0.9 - 0.05 * w}));
  };
  against_untiled(n, circuit, [](auto& tiles, auto& reference, const std::string& precision) {
    CHECK(max_difference(read_state(tiles), read_state(reference)) < tolerance(precision));
    CHECK(tiles.tile_stats().paired_rotations > 0);
  });
}

TEST_CASE("transpiled runs take real kernels with their global phase folded in, and match the untiled device",
          "[tiles]") {
  // A W state as a transpiler writes it (QASMBench's wstate_n27_transpiled): SX RZ SX rotations and a
  // chain of CNOTs, each sx of OpenQASM's qelib1 being SX with a global phase of -pi/4 (as the front end
  // lowers it), and CNOT steps whose rotation is a Hadamard written RZ SX RZ (real times e^{-i pi/4}).
  // The global phases are kept out of the fused blocks and factored out of them (fusion/global_phase.hpp),
  // so the blocks are real; the state, phase included, must equal the untiled device's.
  constexpr unsigned n = 13;
  const double quarter = std::atan(1.0);
  const auto sx = [&](qrt::sv::StatevectorDevice& d, Wire w) {
    apply(d, g("SX", {w}));
    apply(d, g("GlobalPhase", {}, {quarter}));  // GlobalPhase(t) multiplies by e^{-it}
  };
  const auto rotation = [&](qrt::sv::StatevectorDevice& d, Wire w, double t) {
    sx(d, w);
    apply(d, g("RZ", {w}, {t}));
    sx(d, w);
  };
  const auto hadamard = [&](qrt::sv::StatevectorDevice& d, Wire w) {
    apply(d, g("RZ", {w}, {2 * quarter}));
    apply(d, g("SX", {w}));
    apply(d, g("RZ", {w}, {2 * quarter}));
  };
  const auto circuit = [&](qrt::sv::StatevectorDevice& d) {
    for (Wire w = 0; w + 1 < n; ++w) rotation(d, w, 0.2 + 0.05 * w);
    apply(d, g("PauliX", {n - 1}));
    for (Wire w = n - 1; w > 0; --w) {
      apply(d, g("CNOT", {w, w - 1}));
      rotation(d, w - 1, 0.2 + 0.05 * (w - 1));
      apply(d, g("CNOT", {w - 1, w}));
    }
    for (Wire w = 0; w + 1 < n; w += 2) {
      hadamard(d, w + 1);
      apply(d, g("CNOT", {w, w + 1}));
    }
  };
  against_untiled(n, circuit, [](auto& tiles, auto& reference, const std::string& precision) {
    CHECK(max_difference(read_state(tiles), read_state(reference)) < tolerance(precision));
    CHECK(tiles.tile_stats().phase_folded_runs > 0);
  });
}

TEST_CASE("runs of many gates on few qubits fuse into 3-qubit blocks, and match the untiled device", "[tiles]") {
  // Controlled SWAPs decomposed into CNOTs, H and T phases (as a transpiler writes QASMBench's swap_test):
  // twenty-odd gates on each three qubits. One 3-qubit block per decomposition costs less than the
  // cost-aware fusion's smaller blocks (tiled_queue.hpp, kTileFusionQubits), so such runs are fused greedily.
  constexpr unsigned n = 13;
  const auto toffoli = [](qrt::sv::StatevectorDevice& d, Wire a, Wire b, Wire c) {
    const double t = std::atan(1.0);  // T = RZ(pi/4) up to a global phase
    apply(d, g("Hadamard", {c}));
    apply(d, g("CNOT", {b, c}));
    apply(d, g("RZ", {c}, {-t}));
    apply(d, g("CNOT", {a, c}));
    apply(d, g("RZ", {c}, {t}));
    apply(d, g("CNOT", {b, c}));
    apply(d, g("RZ", {c}, {-t}));
    apply(d, g("CNOT", {a, c}));
    apply(d, g("RZ", {b}, {t}));
    apply(d, g("RZ", {c}, {t}));
    apply(d, g("Hadamard", {c}));
    apply(d, g("CNOT", {a, b}));
    apply(d, g("RZ", {a}, {t}));
    apply(d, g("RZ", {b}, {-t}));
    apply(d, g("CNOT", {a, b}));
  };
  const auto circuit = [&](qrt::sv::StatevectorDevice& d) {
    for (Wire w = 0; w < n; ++w) apply(d, g("RY", {w}, {0.2 + 0.13 * w}));
    apply(d, g("Hadamard", {0}));
    for (Wire k = 1; k <= 6; ++k) {  // CSWAP(0, k, k + 6) = CNOT(k + 6, k) Toffoli(0, k, k + 6) CNOT(k + 6, k)
      apply(d, g("CNOT", {k + 6, k}));
      toffoli(d, 0, k, k + 6);
      apply(d, g("CNOT", {k + 6, k}));
    }
    apply(d, g("Hadamard", {0}));
  };
  against_untiled(n, circuit, [](auto& tiles, auto& reference, const std::string& precision) {
    CHECK(max_difference(read_state(tiles), read_state(reference)) < tolerance(precision));
    CHECK(tiles.tile_stats().wide_fused_runs > 0);
  });
  // Where 3-qubit blocks cost more (complex rotations and a CNOT ladder: the layered circuit), runs keep
  // the cost-aware blocks.
  auto tiles = make_device(tiled("double", 1));
  tiles->allocate_qubits(n);
  for (int layer = 0; layer < 4; ++layer) {
    for (Wire w = 0; w < n; ++w) {
      apply(*tiles, g("RX", {w}, {0.1 + 0.01 * layer}));
      apply(*tiles, g("RZ", {w}, {0.3 + 0.02 * w}));
    }
    for (Wire w = 0; w + 1 < n; ++w) apply(*tiles, g("CNOT", {w, w + 1}));
  }
  read_state(*tiles);
  CHECK(tiles->tile_stats().runs > 0);
  CHECK(tiles->tile_stats().wide_fused_runs == 0);
}

TEST_CASE("a layer of rotations, then controlled swaps between far-apart qubits, runs in two passes", "[tiles]") {
  // QASMBench's knn and swap_test on 15 qubits (tiles of 2^10): RY on wires 1-14, then a fan of
  // controlled swaps of wire i with wire i + 7, all controlled by wire 0. Taking qubits first come,
  // first served, the planner filled the first window with the first rotations' qubits and needed
  // three runs; its local search takes the swapped pairs instead (improve_window_run).
  constexpr unsigned n = 15;
  against_untiled(
      n,
      [](qrt::sv::StatevectorDevice& d) {
        for (Wire w = 1; w < n; ++w) apply(d, g("RY", {w}, {0.2 + 0.07 * w}));
        apply(d, g("Hadamard", {0}));
        for (Wire i = 1; i <= 7; ++i) apply(d, g("CSWAP", {0, i, i + 7}));
        apply(d, g("Hadamard", {0}));
      },
      [](auto& tiles, auto& untiled, const std::string& precision) {
        CHECK(max_difference(read_state(tiles), read_state(untiled)) < tolerance(precision));
        const qrt::sv::TileStats& stats = tiles.tile_stats();
        INFO("runs " << stats.runs << ", ops in passes of their own " << stats.direct_ops);
        CHECK(stats.runs + stats.direct_ops == 2);
      });
}

TEST_CASE("a gathered run takes the large tile's window where that runs twice the ops, and matches the untiled device",
          "[tiles]") {
  // Rounds of RY and a CNOT ladder on qubits 7-13: a window of 10 qubits (the 5 lowest and 5 others)
  // holds five of them, and its runs stop where the ladder reaches the sixth (two passes in all); one of
  // 12 holds all seven and runs every round in one.
  constexpr unsigned n = 14;
  const auto circuit = [](qrt::sv::StatevectorDevice& d) {
    for (Wire w = 0; w < 5; ++w) apply(d, g("Hadamard", {w}));
    for (int round = 0; round < 6; ++round) {
      for (Wire w = 7; w < n; ++w) apply(d, g("RY", {w}, {0.3 + 0.1 * round + 0.05 * w}));
      for (Wire w = 7; w + 1 < n; ++w) apply(d, g("CNOT", {w, w + 1}));
      apply(d, g("CNOT", {Wire(round % 5), Wire(7 + round)}));  // the low qubits take part
    }
  };
  against_untiled(n, circuit, [](auto& tiles, auto& reference, const std::string& precision) {
    CHECK(max_difference(read_state(tiles), read_state(reference)) < tolerance(precision));
    const qrt::sv::TileStats& stats = tiles.tile_stats();
    INFO("runs " << stats.runs << ", large " << stats.large_runs);
    CHECK(stats.large_runs <= stats.gathered_runs);
    if (qrt::sv::l3_cache_bytes() == 0) {
      WARN("the L3 cache's size is unknown here: no large tiles");
      CHECK(stats.large_runs == 0);
    } else {
      CHECK(stats.large_runs > 0);
      CHECK(stats.passes() == 1);  // windows of the tile's size: 2
    }
  });
}

TEST_CASE("ops that share only controls and phases run past each other and match the untiled device", "[tiles]") {
  // Fans of controlled swaps and CNOTs from one control, controlled phases (a QFT's), RZ and IsingZZ
  // between rotations: the planner moves ops past deferred ones they commute with, so a run takes the
  // ones inside its window although an op with a target outside it came first.
  constexpr unsigned n = 14;
  const auto circuit = [](qrt::sv::StatevectorDevice& d) {
    for (Wire w = 0; w < n; ++w) apply(d, g("RY", {w}, {0.3 + 0.11 * w}));
    for (int round = 0; round < 3; ++round) {
      apply(d, g("Hadamard", {Wire(round)}));
      for (Wire w = 3; w + 6 < n; ++w) apply(d, g("CSWAP", {Wire(round), w, w + 6}));
      for (Wire w = 13; w > 3; --w) apply(d, g("CNOT", {Wire(round + 1), w}));
      for (Wire w = 0; w + 1 < n; ++w) apply(d, g("ControlledPhaseShift", {w, Wire(n - 1 - w)}, {0.7 / (1.0 + w)}));
      for (Wire w = 0; w < n; w += 3) apply(d, g("RZ", {w}, {0.2 * w - 0.4}));
      for (Wire w = 0; w + 5 < n; ++w) apply(d, g("IsingZZ", {w, w + 5}, {0.05 * w}));
      for (Wire w = 0; w < n; ++w) apply(d, g("RX", {w}, {0.17 * round + 0.01 * w}));
    }
  };
  against_untiled(n, circuit, [](auto& tiles, auto& reference, const std::string& precision) {
    CHECK(max_difference(read_state(tiles), read_state(reference)) < tolerance(precision));
    const qrt::sv::TileStats& stats = tiles.tile_stats();
    CHECK(stats.direct_ops == 0);
    CHECK(stats.runs <= 5);  // 327 gates; 7 when only ops sharing no qubit could pass each other
  });
}

TEST_CASE("gathered runs relabel qubits as they write their tiles back and match the untiled device", "[tiles]") {
  // Tiles of 12 qubits keep the 7 lowest in every window: a relabelling swap that brings a qubit down
  // to one of the upper low qubits moves blocks of 512 bytes or more, and is done by the write-back.
  // The state is changed and changed back first (X twice, a read between), so that the qubits keep
  // the layout they were allocated in (a |0...0> state's would be renumbered for the ladder, which
  // then needs no such swap).
  constexpr unsigned n = 15;
  auto reference = make_device(R"({"tiles": false, "threads": 1})");
  for (const std::string precision : {"double", "single"}) {
    for (unsigned threads : {1u, 2u}) {
      auto tiles = make_device(R"({"tiles": true, "tile_qubits": 12, "tile_min_qubits": 13, "precision": ")" +
                               precision + R"(", "threads": )" + std::to_string(threads) + "}");
      for (auto* d : {reference.get(), tiles.get()}) {
        d->reset();
        d->allocate_qubits(n);
        apply(*d, g("PauliX", {0}));
        read_state(*d);
        apply(*d, g("PauliX", {0}));
        for (int layer = 0; layer < 6; ++layer) {
          for (Wire w = 0; w < n; ++w) {
            apply(*d, g("RX", {w}, {0.1 + 0.03 * layer}));
            apply(*d, g("RY", {w}, {0.2 - 0.01 * w}));
          }
          for (Wire w = 0; w + 1 < n; ++w) apply(*d, g("CNOT", {w, w + 1}));
        }
      }
      INFO(precision << " threads=" << threads);
      CHECK(max_difference(read_state(*tiles), read_state(*reference)) < tolerance(precision));
      const qrt::sv::TileStats& stats = tiles->tile_stats();
      CHECK(stats.folded_swaps > 0);
      CHECK(stats.folded_swaps <= stats.swaps);
    }
  }
}

TEST_CASE("classical reversible gates are composed into one move per run and match the untiled device", "[tiles]") {
  // A ripple of CNOTs and Toffolis (an adder's carries), SWAPs, controlled SWAPs and multi-controlled X
  // with controls on 0 and 1, over a superposition and between rotations: the runs' sequences of them
  // move amplitudes once each (TileStats::composed_ops), and where they sit is the untiled device's.
  constexpr unsigned n = 14;
  const auto circuit = [](qrt::sv::StatevectorDevice& d) {
    for (Wire w = 0; w < n; ++w) apply(d, g("RY", {w}, {0.4 + 0.07 * w}));
    for (int round = 0; round < 3; ++round) {
      for (Wire w = 0; w + 2 < n; ++w) {
        apply(d, g("CNOT", {w + 2, w + 1}));
        apply(d, g("Toffoli", {w, w + 1, w + 2}));
      }
      for (Wire w = 0; w + 7 < n; w += 2) apply(d, g("SWAP", {w, w + 7}));
      for (Wire w = 3; w + 4 < n; ++w) apply(d, g("CSWAP", {Wire(round), w, w + 4}));
      for (Wire w = 2; w < n; ++w) apply(d, {"PauliX", {}, {w}, {0, 1}, {0, 1}, false});
      apply(d, g("RX", {Wire(5 + round)}, {0.3}));
      for (Wire w = n - 1; w >= 2; --w) apply(d, g("Toffoli", {w, w - 1, w - 2}));
    }
  };
  against_untiled(n, circuit, [](auto& tiles, auto& reference, const std::string& precision) {
    // Moved, not computed: equal to the last bit in double precision.
    CHECK(max_difference(read_state(tiles), read_state(reference)) < (precision == "double" ? 1e-15 : 1e-6));
    CHECK(tiles.tile_stats().composed_ops > tiles.tile_stats().ops / 2);
  });
}

TEST_CASE("measurements, samples and releases after a tiled flush follow the relabelled wires", "[tiles]") {
  constexpr unsigned n = 12;
  const RandomCircuit circuit = random_circuit(n, 80, 99);
  auto untiled = make_device(R"({"tiles": false, "seed": 11, "shots": 50})");
  auto tiles = make_device(tiled("double", 1, R"("seed": 11, "shots": 50)"));
  for (auto* d : {untiled.get(), tiles.get()}) {
    d->allocate_qubits(n);
    run(*d, circuit);
  }
  // Seeded samples are the same (the same probabilities, the same draws).
  std::vector<std::uint8_t> a(50 * 3), b(50 * 3);
  const Wire three[] = {0, 7, 11};
  untiled->sample(three, a);
  tiles->sample(three, b);
  CHECK(a == b);
  // Mid-circuit measurements, then more gates, a reset and a release.
  for (Wire w : {Wire{5}, Wire{0}, Wire{10}})
    CHECK(untiled->measure(w, std::nullopt) == tiles->measure(w, std::nullopt));
  const RandomCircuit more = random_circuit(n, 40, 100);
  for (auto* d : {untiled.get(), tiles.get()}) {
    run(*d, more);
    d->reset_wire(3);
    run(*d, more);
    const Wire released[] = {6};
    d->release_qubits(released);
  }
  CHECK(max_difference(read_state(*tiles), read_state(*untiled)) < 1e-12);
}

TEST_CASE("a full queue makes room run by run before any read", "[tiles]") {
  // On small states the queue holds max_queued = 16,384 gates; past that, each call first applies runs
  // until half of it is left (and keeps the rest to plan over).
  constexpr unsigned n = 11;
  const qrt::sv::DeviceOptions options = qrt::sv::DeviceOptions::from_kwargs(
      qrt::sdk::Kwargs::from_json(tiled("double", 1), qrt::sv::StatevectorDevice::schema()));
  const qrt::sv::TiledQueue probe(options.tiles);
  const std::size_t limit = probe.queue_limit(n);
  CHECK(limit == 16384);
  CHECK(probe.queue_limit(30) == qrt::sv::kMinQueued);  // 2^37 amplitude-gates of work, at least 256 gates
  CHECK(probe.queue_limit(27) == std::size_t{1} << 10);
  auto untiled = make_device(R"({"tiles": false})");
  auto tiles = make_device(tiled("double", 1));
  std::mt19937_64 rng(3);
  for (auto* d : {untiled.get(), tiles.get()}) d->allocate_qubits(n);
  for (std::size_t i = 0; i < limit + 10; ++i) {
    const Wire a = static_cast<Wire>(rng() % n), b = static_cast<Wire>((a + 1 + rng() % (n - 1)) % n);
    const double angle = 0.001 * static_cast<double>(i % 997);
    const GateInvocation gate = i % 3 == 2 ? g("CNOT", {a, b}) : g(i % 3 ? "RY" : "RX", {a}, {angle});
    apply(*untiled, gate);
    apply(*tiles, gate);
  }
  CHECK(tiles->tile_stats().runs > 0);  // before any read
  CHECK(tiles->tile_stats().ops >= limit / 2);
  CHECK(max_difference(read_state(*tiles), read_state(*untiled)) < 1e-11);
}

TEST_CASE("an op wider than any window takes a pass of its own", "[tiles]") {
  // QubitUnitary on 7 wires, first on a fresh device: they are the top 7 qubits, and a window of 10
  // qubits holds the 5 lowest and only 5 others. Every later gate acts on those wires, so nothing can
  // run before it. (Where other gates can, the planner runs them first and relabels qubits so that
  // such an op often fits a window after all.)
  constexpr unsigned n = 13;
  const std::vector<Wire> wires = {0, 1, 2, 3, 4, 5, 6};
  const Matrix u = random_unitary(7, 5);
  auto untiled = make_device(R"({"tiles": false})");
  auto tiles = make_device(tiled("double", 2));
  for (auto* d : {untiled.get(), tiles.get()}) {
    d->allocate_qubits(n);
    d->apply_matrix({u, wires, {}, {}, false});
    for (Wire w : wires) apply(*d, g("RX", {w}, {0.3 - 0.1 * w}));
  }
  CHECK(max_difference(read_state(*tiles), read_state(*untiled)) < 1e-12);
  CHECK(tiles->tile_stats().direct_ops == 1);
}

TEST_CASE("a run over a gathered window that holds less than kGatheredRunPasses of work takes passes of its own",
          "[tiles]") {
  // Wires 0-3 are the top qubits (13-10), outside the in-place window of tiles of 10: a CNOT there, or a
  // Toffoli and a CNOT (a quarter and a half of the state), cost less as untiled passes than as one
  // gathered walk (about two passes); three rotations there do not.
  constexpr unsigned n = 14;
  auto untiled = make_device(R"({"tiles": false})");
  for (const std::string precision : {"double", "single"}) {
    for (unsigned threads : {1u, 2u}) {
      auto tiles = make_device(tiled(precision, threads));
      for (auto* d : {untiled.get(), tiles.get()}) {
        d->reset();
        d->allocate_qubits(n);
        for (Wire w = 4; w < n; ++w) apply(*d, g("RY", {w}, {0.3 + 0.05 * w}));
        for (Wire w = 0; w < 4; ++w) apply(*d, g("Hadamard", {w}));
      }
      INFO(precision << " threads=" << threads);
      CHECK(max_difference(read_state(*tiles), read_state(*untiled)) < tolerance(precision));
      const qrt::sv::TileStats before = tiles->tile_stats();
      CHECK(before.direct_ops == 0);
      for (auto* d : {untiled.get(), tiles.get()}) apply(*d, g("CNOT", {0, 1}));
      CHECK(max_difference(read_state(*tiles), read_state(*untiled)) < tolerance(precision));
      CHECK(tiles->tile_stats().direct_ops == 1);
      CHECK(tiles->tile_stats().runs == before.runs);
      for (auto* d : {untiled.get(), tiles.get()}) {
        apply(*d, g("Toffoli", {0, 1, 2}));
        apply(*d, g("CNOT", {3, 2}));
      }
      CHECK(max_difference(read_state(*tiles), read_state(*untiled)) < tolerance(precision));
      CHECK(tiles->tile_stats().direct_ops == 3);
      for (auto* d : {untiled.get(), tiles.get()})
        for (Wire w = 0; w < 3; ++w) apply(*d, g("RX", {w}, {0.2 * w + 0.1}));
      CHECK(max_difference(read_state(*tiles), read_state(*untiled)) < tolerance(precision));
      CHECK(tiles->tile_stats().direct_ops == 3);
      CHECK(tiles->tile_stats().gathered_runs == before.gathered_runs + 1);
    }
  }
}

TEST_CASE("states of at most one tile or below tile_min_qubits, and tiles=false, take the untiled path", "[tiles]") {
  auto small = make_device(R"({"tile_qubits": 10, "tile_min_qubits": 1})");
  small->allocate_qubits(10);
  auto below = make_device(R"({"tile_qubits": 10})");  // tiled from 14 qubits on (16 tiles)
  below->allocate_qubits(13);
  auto off = make_device(R"({"tiles": false, "tile_qubits": 10})");
  off->allocate_qubits(14);
  for (auto* d : {small.get(), below.get(), off.get()}) {
    for (Wire w = 0; w < 10; ++w) apply(*d, g("Hadamard", {w}));
    read_state(*d);
    CHECK(d->tile_stats().passes() == 0);
  }
}

TEST_CASE("tile sizes: from the L2 cache, and bad tile_qubits values are refused", "[tiles][errors]") {
  CHECK(qrt::sv::tile_qubits_for_cache(std::size_t{1} << 20, 16) == 15);  // 1 MiB L2: 512 KiB of complex128
  CHECK(qrt::sv::tile_qubits_for_cache(std::size_t{1} << 20, 8) == 16);
  CHECK(qrt::sv::tile_qubits_for_cache(std::size_t{2} << 20, 16) == 16);
  CHECK(qrt::sv::tile_qubits_for_cache(1000, 16) == qrt::sv::kMinTileQubits);
  CHECK(qrt::sv::chunk_qubits_for(15, 16) == 9);  // 8 KiB chunks
  CHECK(qrt::sv::chunk_qubits_for(16, 8) == 10);
  CHECK(qrt::sv::chunk_qubits_for(10, 16) == 5);  // at least 5 window qubits stay free
  // Large tiles: 4x the amplitudes where 8 of them fit in L3; none where they do not or L3 is unknown.
  CHECK(qrt::sv::large_tile_qubits_for(15, std::size_t{32} << 20, 16) == 17);  // 8 x 2 MiB in 32 MiB
  CHECK(qrt::sv::large_tile_qubits_for(16, std::size_t{32} << 20, 8) == 18);
  CHECK(qrt::sv::large_tile_qubits_for(15, std::size_t{8} << 20, 16) == 0);
  CHECK(qrt::sv::large_tile_qubits_for(15, 0, 16) == 0);
  CHECK(qrt::sv::large_tile_qubits_for(qrt::sv::kMaxTileQubits - 1, ~std::size_t{0} >> 8, 8) == 0);
  const qrt::sv::DeviceOptions o =
      qrt::sv::DeviceOptions::from_kwargs(qrt::sdk::Kwargs::from_json("{}", qrt::sv::StatevectorDevice::schema()));
  CHECK(o.tiles.enabled);
  CHECK(o.tiles.tile_qubits >= qrt::sv::kMinTileQubits);
  CHECK(o.tiles.chunk_qubits < o.tiles.tile_qubits);
  CHECK(o.tiles.min_state_qubits == o.tiles.tile_qubits + 4);
  // Single precision: its untiled path keeps up in L3 for longer (tile_size.hpp).
  const qrt::sv::DeviceOptions single = qrt::sv::DeviceOptions::from_kwargs(
      qrt::sdk::Kwargs::from_json(R"({"precision": "single"})", qrt::sv::StatevectorDevice::schema()));
  CHECK(single.tiles.min_state_qubits == single.tiles.tile_qubits + 6);
  const qrt::sv::DeviceOptions explicit_min = qrt::sv::DeviceOptions::from_kwargs(qrt::sdk::Kwargs::from_json(
      R"({"precision": "single", "tile_min_qubits": 17})", qrt::sv::StatevectorDevice::schema()));
  CHECK(explicit_min.tiles.min_state_qubits == 17);
  CHECK_THROWS_WITH(make_device(R"({"tile_qubits": 5})"),
                    Catch::Contains("tile_qubits") && Catch::Contains("at least 10"));
  CHECK_THROWS_WITH(make_device(R"({"tile_qubits": 99})"), Catch::Contains("tile_qubits"));
  CHECK_THROWS_WITH(make_device(R"({"tiles": 3})"), Catch::Contains("tiles"));
}

TEST_CASE("synchronize applies the queued gates (the extension qrt.synchronize/1)", "[tiles]") {
  constexpr unsigned n = 12;
  auto reference = make_device(R"({"tiles": false, "fusion": false})");
  auto tiles = make_device(tiled("double", 1));
  for (auto* d : {reference.get(), tiles.get()}) {
    d->allocate_qubits(n);
    for (Wire w = 0; w < n; ++w) apply(*d, g("RY", {w}, {0.1 + 0.2 * w}));
    for (Wire w = 0; w + 1 < n; ++w) apply(*d, g("CNOT", {w, w + 1}));
  }
  CHECK(tiles->tile_stats().runs == 0);  // queued, nothing applied yet
  tiles->synchronize();
  const std::uint64_t runs = tiles->tile_stats().runs;
  CHECK(runs > 0);
  tiles->synchronize();  // nothing left: no pass
  CHECK(tiles->tile_stats().runs == runs);
  CHECK(max_difference(read_state(*tiles), read_state(*reference)) < 1e-12);

  // Offered through the C ABI's extension hook, as the host finds it.
  const auto* extension =
      static_cast<const qrt_synchronize_extension*>(qrt::sv::StatevectorDevice::extension(QRT_EXTENSION_SYNCHRONIZE));
  REQUIRE(extension != nullptr);
  CHECK(extension->struct_size == sizeof(qrt_synchronize_extension));
  CHECK(extension->synchronize != nullptr);
}
