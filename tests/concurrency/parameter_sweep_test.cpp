// Parameter sweeps: axis specs, the grid's order, and whole sweeps of a program parsed once on the
// executor, checked against analytic probabilities (binding itself: tests/program/parameters_test.cpp).
#include <qrt/executor.hpp>
#include <qrt/load_program.hpp>
#include <qrt/parameter_sweep.hpp>
#include <qrt/program/error.hpp>
#include <qrt/run.hpp>
#include <qrt/runtime.hpp>

#include "support/expect_error.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <memory>
#include <numbers>
#include <string>
#include <vector>

using Catch::Matchers::Contains;
using qrt::ErrorCode;
using qrt::ParameterGrid;
using qrt::SweepAxis;
using qrt::test::error_message;

namespace {

constexpr double kPi = std::numbers::pi;

qrt::RuntimeOptions real_plugins() { return {{QRT_TEST_PLUGIN_DIR}, false}; }

std::vector<double> values_of(const char* spec) { return qrt::parse_sweep_axis(spec).values; }

qrt::LoadedProgram parsed(const std::string& source, const std::string& name) {
  return qrt::load_openqasm(source, name);
}

}  // namespace

TEST_CASE("Axis specs: lists, ranges and multiples of pi", "[sweep]") {
  const SweepAxis listed = qrt::parse_sweep_axis("theta=0.1,-2.5, 3e-2");
  CHECK(listed.name == "theta");
  CHECK(listed.values == std::vector<double>{0.1, -2.5, 0.03});

  CHECK(values_of("a=0:1:5") == std::vector<double>{0, 0.25, 0.5, 0.75, 1});
  CHECK(values_of("a=2:2:1") == std::vector<double>{2});
  const std::vector<double> range = values_of("_phi2=0:pi:3");
  REQUIRE(range.size() == 3);
  CHECK(range[1] == Approx(kPi / 2));
  CHECK(range[2] == kPi);  // the stop value exactly

  const std::vector<double> pis = values_of("x=pi,-pi,2*pi,pi/4,3*pi/4,-pi/2, 0.5 * pi");
  const std::vector<double> expected{kPi, -kPi, 2 * kPi, kPi / 4, 3 * kPi / 4, -kPi / 2, kPi / 2};
  REQUIRE(pis.size() == expected.size());
  for (std::size_t i = 0; i < pis.size(); ++i) CHECK(pis[i] == Approx(expected[i]).epsilon(1e-15));
}

TEST_CASE("Malformed axis specs are refused with the spec and the reason", "[sweep]") {
  const std::vector<std::pair<const char*, const char*>> cases = {
      {"theta", "expected name=v1,v2,..."},
      {"=1,2", "not an identifier"},
      {"2theta=1", "not an identifier"},
      {"the-ta=1", "not an identifier"},
      {"pi=1", "reserved"},
      {"sin=1", "reserved"},
      {"theta=", "no values"},
      {"theta=1,,2", "is not a number"},
      {"theta=abc", "is not a number"},
      {"theta=pi/0", "is not a number"},
      {"theta=inf", "is not a number"},
      {"theta=0:1", "three fields"},
      {"theta=0:1:0", "count"},
      {"theta=0:1:2.5", "count"},
  };
  for (const auto& [spec, reason] : cases) {
    INFO(spec);
    const std::string message = error_message(ErrorCode::InvalidArgument, [&] { qrt::parse_sweep_axis(spec); });
    CHECK_THAT(message, Contains(std::string("'") + spec + "'") && Contains(reason));
  }
}

TEST_CASE("A grid is the Cartesian product of its axes, last axis fastest", "[sweep]") {
  const ParameterGrid empty;
  CHECK(empty.size() == 1);
  CHECK(empty.point(0).empty());

  const ParameterGrid grid({{"a", {1, 2}}, {"b", {10, 20, 30}}});
  REQUIRE(grid.size() == 6);
  const std::vector<std::pair<double, double>> expected{{1, 10}, {1, 20}, {1, 30}, {2, 10}, {2, 20}, {2, 30}};
  for (std::size_t i = 0; i < grid.size(); ++i) {
    const qrt::ParameterBinding point = grid.point(i);
    REQUIRE(point.size() == 2);
    CHECK(point.at("a") == expected[i].first);
    CHECK(point.at("b") == expected[i].second);
  }
  CHECK_THAT(error_message(ErrorCode::OutOfRange, [&] { grid.point(6); }), Contains("6"));
  CHECK_THAT(error_message(ErrorCode::InvalidArgument,
                           [] {
                             ParameterGrid({{"a", {1}}, {"a", {2}}});
                           }),
             Contains("'a' is swept twice"));
  CHECK_THAT(error_message(ErrorCode::InvalidArgument,
                           [] {
                             ParameterGrid(std::vector<SweepAxis>{{"a", {}}});
                           }),
             Contains("no values"));
}

TEST_CASE("A sweep on the executor matches the analytic probabilities at every point", "[sweep][executor]") {
  // ry(a) on q[0] and rx(b) on q[1] from |00>: P(q0 = 1) = sin^2(a/2), P(q1 = 1) = sin^2(b/2), independent.
  const std::string source = R"(OPENQASM 2.0;
include "qelib1.inc";
qreg q[2];
ry(a) q[0];
rx(b) q[1];
)";
  const ParameterGrid grid({qrt::parse_sweep_axis("a=0:pi:5"), qrt::parse_sweep_axis("b=pi/3,pi,-pi/2")});
  qrt::Runtime runtime(real_plugins());
  qrt::Executor executor(runtime, qrt::ExecutorOptions{.workers = 2});
  qrt::RunRequest options;
  options.probabilities = true;
  auto futures = qrt::submit_sweep(executor, "statevector.qubit", parsed(source, "sweep.qasm"), grid, options);
  REQUIRE(futures.size() == 15);
  for (std::size_t i = 0; i < futures.size(); ++i) {
    const qrt::ParameterBinding point = grid.point(i);
    const double p0 = std::pow(std::sin(point.at("a") / 2), 2), p1 = std::pow(std::sin(point.at("b") / 2), 2);
    const std::vector<double> expected{(1 - p0) * (1 - p1), p0 * (1 - p1), (1 - p0) * p1, p0 * p1};  // index = q1 q0
    const std::vector<double> got = futures[i].get().probabilities;
    INFO("point " << i << ": a=" << point.at("a") << " b=" << point.at("b"));
    REQUIRE(got.size() == 4);
    for (std::size_t k = 0; k < 4; ++k) CHECK(got[k] == Approx(expected[k]).margin(1e-12));
  }
}

TEST_CASE("A sweep's binding errors land in the futures, seeds are derived per point", "[sweep][executor]") {
  qrt::Runtime runtime(real_plugins());
  qrt::Executor executor(runtime, qrt::ExecutorOptions{.workers = 2});
  // A grid name the program does not use (u) is ignored; a free parameter it leaves unbound (s) fails
  // every point, at its first use.
  const ParameterGrid grid({qrt::parse_sweep_axis("t=1,2"), qrt::parse_sweep_axis("u=0")});
  auto broken = qrt::submit_sweep(executor, "statevector.qubit",
                                  parsed("OPENQASM 2.0;\nqreg q[1];\nU(t, s, 0) q[0];\n", "broken.qasm"), grid);
  for (auto& future : broken)
    CHECK_THROWS_WITH(future.get(),
                      Contains("broken.qasm:3:6: error: free parameter 's' has no value") && Contains("bound: t"));

  // The same point with the same derived seed twice gives the same samples; the seed is not the base.
  const std::string source =
      "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[3];\ncreg c[3];\nry(t) q[0];\nh q[1];\n"
      "h q[2];\nmeasure q -> c;\n";
  const ParameterGrid same({qrt::parse_sweep_axis("t=1.3,1.3")});
  qrt::RunRequest options;
  options.shots = 200;
  options.seed = 5;
  const auto program = parsed(source, "seeded.qasm");
  auto twice = qrt::submit_sweep(executor, "statevector.qubit", program, same, options);
  const auto first = twice[0].get().counts, second = twice[1].get().counts;
  CHECK(first != second);  // points 0 and 1 have different seeds
  qrt::Device device = runtime.open("statevector.qubit");
  qrt::RunRequest point1 = options;
  point1.seed = qrt::derive_seed(5, 1);
  point1.params = {{"t", 1.3}};
  CHECK(qrt::run(program, device, point1).counts == second);
}
