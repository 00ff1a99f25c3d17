// Parameter-shift with shots (an estimate within 5 sigma), and several gradients at once from threads.
#include "gradient_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <future>
#include <string>
#include <thread>

using gradient_test::executor;
using qrt::GradientMethod;

TEST_CASE("parameter-shift with shots estimates the gradient within 5 sigma", "[gradient][shots]") {
  // <Z> after rx(2t) is cos 2t; d/dt = f(+) - f(-) with f(±) = cos(2t ± pi/2) = ∓sin 2t, each estimated from
  // S shots with variance (1 - f²)/S.
  const double t = 0.4;
  const std::uint64_t shots = 20000;
  qrt::GradientOptions options;
  options.method = GradientMethod::ParameterShift;
  options.shots = shots;
  options.seed = 7;
  const auto program =
      gradient_test::parsed("OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[1];\nrx(2*theta) q[0];\n", "<shots>");
  const auto r = qrt::gradient(executor(), "statevector.qubit", program, {{"theta", t}}, {"Z"}, options);
  const double f = std::sin(2 * t);
  const double sigma_value = std::sqrt((1 - std::cos(2 * t) * std::cos(2 * t)) / shots);
  const double sigma_derivative = std::sqrt(2 * (1 - f * f) / shots);
  CHECK(std::abs(r.expvals[0] - std::cos(2 * t)) < 5 * sigma_value);
  CHECK(std::abs(r.jacobian_at(0, 0) + 2 * std::sin(2 * t)) < 5 * sigma_derivative);
  CHECK(r.jacobian_at(0, 0) != -2 * std::sin(2 * t));  // an estimate, not the exact value
  // The same seed gives the same estimate, whatever the workers did in between.
  const auto again = qrt::gradient(executor(), "statevector.qubit", program, {{"theta", t}}, {"Z"}, options);
  CHECK(again.jacobian_at(0, 0) == r.jacobian_at(0, 0));
}

TEST_CASE("several gradients at once from threads share the executor and the program", "[gradient][concurrency]") {
  const auto program = gradient_test::parsed(
      "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[2];\nry(theta) q[0];\ncrx(2*theta) q[0], q[1];\n", "<thread>");
  std::vector<std::future<qrt::GradientResult>> results;
  for (int i = 0; i < 6; ++i) {
    results.push_back(std::async(std::launch::async, [&program, i] {
      qrt::GradientOptions options;
      options.method = i % 2 ? GradientMethod::ParameterShift : GradientMethod::Auto;
      return qrt::gradient(executor(), "statevector.qubit", program, {{"theta", 0.1 * i}}, {"Z0", "Z1"}, options);
    }));
  }
  for (int i = 0; i < 6; ++i) {
    const double t = 0.1 * i;
    const auto r = results[i].get();
    // <Z0> = cos t; <Z1> = 1 - sin²(t/2) (1 - cos 2t), so d<Z1>/dt = -(sin t / 2)(1 - cos 2t) - 2 sin²(t/2) sin 2t.
    CHECK(r.jacobian_at(0, 0) == Approx(-std::sin(t)).margin(1e-10));
    const double s2 = std::sin(t / 2) * std::sin(t / 2);
    CHECK(r.expvals[1] == Approx(1 - s2 * (1 - std::cos(2 * t))).margin(1e-10));
    CHECK(r.jacobian_at(1, 0) ==
          Approx(-(std::sin(t) / 2) * (1 - std::cos(2 * t)) - 2 * s2 * std::sin(2 * t)).margin(1e-10));
  }
}
