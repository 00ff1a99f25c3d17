// Closed-form gradients of small circuits, by every method, and what the front end keeps symbolic.
#include "gradient_support.hpp"

#include <qrt/qasm/parser.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

using gradient_test::executor;
using gradient_test::offers_adjoint;
using gradient_test::parsed;
using qrt::GradientMethod;
using qrt::GradientOptions;

namespace {

const std::string kHeader = "OPENQASM 2.0;\ninclude \"qelib1.inc\";\n";

struct Case {
  std::string name;
  std::string body;
  gradient_test::Params params;
  std::string word;
  double value;
  std::vector<double> derivative;
};

std::vector<Case> analytic_cases() {
  const double t = 0.37, p = -1.1;
  return {
      {"rx(2*theta): <Z> = cos 2t",
       "qreg q[1];\nrx(2*theta) q[0];\n",
       {{"theta", t}},
       "Z",
       std::cos(2 * t),
       {-2 * std::sin(2 * t)}},
      {"ry(theta*phi): <Z> = cos(t p)",
       "qreg q[1];\nry(theta*phi) q[0];\n",
       {{"theta", t}, {"phi", p}},
       "Z",
       std::cos(t * p),
       {-p * std::sin(t * p), -t * std::sin(t * p)}},
      {"columns follow the given order",
       "qreg q[1];\nry(theta*phi) q[0];\n",
       {{"phi", p}, {"theta", t}},
       "Z",
       std::cos(t * p),
       {-t * std::sin(t * p), -p * std::sin(t * p)}},
      {"crx(theta) with the control in |+>: <Z1> = (1 + cos t) / 2",
       "qreg q[2];\nh q[0];\ncrx(theta) q[0], q[1];\n",
       {{"theta", t}},
       "Z1",
       (1 + std::cos(t)) / 2,
       {-std::sin(t) / 2}},
      {"crz(-theta/4) between Hadamards: <X1> = (1 + cos(t/4)) / 2",
       "qreg q[2];\nh q[0];\nh q[1];\ncrz(-theta/4) q[0], q[1];\n",
       {{"theta", t}},
       "X1",
       (1 + std::cos(t / 4)) / 2,
       {-std::sin(t / 4) / 8}},
      {"cp(theta): <Z1> = (1 + cos t) / 2",
       "qreg q[2];\nh q[0];\nh q[1];\ncp(theta) q[0], q[1];\nh q[1];\n",
       {{"theta", t}},
       "Z1",
       (1 + std::cos(t)) / 2,
       {-std::sin(t) / 2}},
      {"p(pi/2+theta) between Hadamards: <Y> = sin(pi/2 + t) = cos t",
       "qreg q[1];\nh q[0];\np(pi/2+theta) q[0];\n",
       {{"theta", t}},
       "Y",
       std::cos(t),
       {-std::sin(t)}},
      {"rzz(theta) on |++>: <X0> = cos t",
       "qreg q[2];\nh q[0];\nh q[1];\nrzz(theta) q[0], q[1];\n",
       {{"theta", t}},
       "X0",
       std::cos(t),
       {-std::sin(t)}},
      {"rxx(sin(theta)): <Z0> = cos(sin t)",
       "qreg q[2];\nrxx(sin(theta)) q[0], q[1];\n",
       {{"theta", t}},
       "Z0",
       std::cos(std::sin(t)),
       {-std::sin(std::sin(t)) * std::cos(t)}},
      {"u3(theta, phi, 0): <Z> = cos t",
       "qreg q[1];\nu3(theta, phi, 0) q[0];\n",
       {{"theta", t}, {"phi", p}},
       "Z",
       std::cos(t),
       {-std::sin(t), 0.0}},
      {"u2(phi, theta) after h: <Z> = -cos t",
       "qreg q[1];\nh q[0];\nu2(phi, theta) q[0];\n",
       {{"theta", t}, {"phi", p}},
       "Z",
       -std::cos(t),
       {std::sin(t), 0.0}},
      {"a user gate: g(t) = rx(t/2) twice, g(3*theta): <Z> = cos 3t",
       "gate g(x) a { rx(x/2) a; rx(x/2) a; }\nqreg q[1];\ng(3*theta) q[0];\n",
       {{"theta", t}},
       "Z",
       std::cos(3 * t),
       {-3 * std::sin(3 * t)}},
      {"a parameter in two gates: rx(theta) rx(theta^2): <Z> = cos(t + t^2)",
       "qreg q[1];\nrx(theta) q[0];\nrx(theta^2) q[0];\n",
       {{"theta", t}},
       "Z",
       std::cos(t + t * t),
       {-(1 + 2 * t) * std::sin(t + t * t)}},
      {"broadcast over a register: rx(theta) q; <ZZ> = cos^2 t",
       "qreg q[2];\nrx(theta) q;\n",
       {{"theta", t}},
       "ZZ",
       std::cos(t) * std::cos(t),
       {-2 * std::cos(t) * std::sin(t)}},
  };
}

void check(const qrt::GradientResult& r, const Case& c, double tolerance) {
  REQUIRE(r.expvals.size() == 1);
  CHECK(r.expvals[0] == Approx(c.value).margin(tolerance));
  REQUIRE(r.jacobian.size() == c.derivative.size());
  for (std::size_t j = 0; j < c.derivative.size(); ++j) {
    INFO("column " << j << " (" << r.parameters[j] << ")");
    CHECK(r.jacobian_at(0, j) == Approx(c.derivative[j]).margin(tolerance));
  }
}

}  // namespace

TEST_CASE("parameter-shift and finite differences give the closed-form gradients", "[gradient]") {
  for (const Case& c : analytic_cases()) {
    INFO(c.name);
    const auto program = parsed(kHeader + c.body, "<test>");
    GradientOptions options;
    options.method = GradientMethod::ParameterShift;
    const auto shift = qrt::gradient(executor(), "statevector.qubit", program, c.params, {c.word}, options);
    CHECK(shift.method == GradientMethod::ParameterShift);
    check(shift, c, 1e-12);
    options.method = GradientMethod::FiniteDifference;
    const auto fd = qrt::gradient(executor(), "statevector.qubit", program, c.params, {c.word}, options);
    CHECK(fd.method == GradientMethod::FiniteDifference);
    CHECK(fd.device_runs == 1 + 2 * c.params.size());
    check(fd, c, 1e-7);
  }
}

TEST_CASE("the adjoint method gives the closed-form gradients in double and single precision", "[gradient][adjoint]") {
  for (const std::string device : {"statevector.qubit", "statevector.qubit:precision=single"}) {
    if (!offers_adjoint(device)) {
      WARN(device << " does not offer qrt.adjoint_jacobian/1 (branch grad-adjoint not merged): adjoint cases skipped");
      continue;
    }
    for (const Case& c : analytic_cases()) {
      INFO(c.name << " on " << device);
      GradientOptions options;
      options.method = GradientMethod::Adjoint;
      const auto r = qrt::gradient(executor(), device, parsed(kHeader + c.body, "<test>"), c.params, {c.word}, options);
      CHECK(r.method == GradientMethod::Adjoint);
      CHECK(r.device_runs == 1);
      check(r, c, device.find("single") != std::string::npos ? 1e-5 : 1e-12);
    }
  }
}

TEST_CASE("the default method is adjoint where offered, else parameter-shift", "[gradient]") {
  const auto program = parsed(kHeader + "qreg q[1];\nrx(theta) q[0];\n", "<test>");
  const auto r = qrt::gradient(executor(), "statevector.qubit", program, {{"theta", 0.2}}, {"Z"});
  CHECK(r.method == (offers_adjoint("statevector.qubit") ? GradientMethod::Adjoint : GradientMethod::ParameterShift));
  const auto isolated = qrt::gradient(executor(), "statevector.qubit:isolate=true", program, {{"theta", 0.2}}, {"Z"});
  CHECK(isolated.method == GradientMethod::ParameterShift);
  CHECK(isolated.jacobian_at(0, 0) == Approx(-std::sin(0.2)).margin(1e-12));
  // A measurement (terminal, so parameter-shift ignores it) sends auto to parameter-shift, not to an error.
  const auto measured =
      qrt::gradient(executor(), "statevector.qubit",
                    parsed(kHeader + "qreg q[1];\ncreg c[1];\nrx(theta) q[0];\nmeasure q[0] -> c[0];\n", "<test>"),
                    {{"theta", 0.2}}, {"Z"});
  CHECK(measured.method == GradientMethod::ParameterShift);
  CHECK(measured.jacobian_at(0, 0) == Approx(-std::sin(0.2)).margin(1e-12));
  // The Runtime overload: its own executors, the same answer.
  const auto own = qrt::gradient(gradient_test::runtime(), "statevector.qubit", program, {{"theta", 0.2}}, {"Z"});
  CHECK(own.method == r.method);
  CHECK(own.jacobian_at(0, 0) == Approx(-std::sin(0.2)).margin(1e-12));
  GradientOptions shots;
  shots.shots = 100;
  const auto sampled = qrt::gradient(executor(), "statevector.qubit", program, {{"theta", 0.2}}, {"Z"}, shots);
  CHECK(sampled.method == GradientMethod::ParameterShift);
}

TEST_CASE("parameter-shift runs two circuits per RX angle and four per CRX angle, plus the unshifted one",
          "[gradient]") {
  GradientOptions options;
  options.method = GradientMethod::ParameterShift;
  const auto r = qrt::gradient(
      executor(), "statevector.qubit",
      parsed(kHeader + "qreg q[2];\nrx(theta) q[0];\ncrx(2*theta) q[0], q[1];\nrz(0.5) q[1];\n", "<test>"),
      {{"theta", 0.2}}, {"Z0", "Z1"}, options);
  CHECK(r.trainable_gate_parameters == 2);
  CHECK(r.device_runs == 1 + 2 + 4);
}

TEST_CASE("the front end keeps free parameters symbolic when asked", "[gradient][qasm]") {
  qrt::qasm::ParseOptions options;
  options.free_parameters = true;
  const auto program = qrt::qasm::parse_string(
      kHeader + "qreg q[2];\nrx(2*theta+phi) q[0];\nu3(0.1, -phi/4, pi) q;\ncx q[0], q[1];\n", "<test>", options);
  CHECK(program.free_parameters == std::vector<std::string>{"theta", "phi"});
  // rx's argument, then u3's second argument once per broadcast operation; unbound, their slots are NaN.
  REQUIRE(program.symbolic_arguments.size() == 3);
  CHECK(std::isnan(program.parameters[program.symbolic_arguments[0].parameter]));
  CHECK(program.symbolic_arguments[0].expression.evaluate(std::vector<double>{1.0, 1.0}) == Approx(3.0));
  CHECK(program.symbolic_arguments[1].expression.evaluate(std::vector<double>{0.5, 2.0}) == Approx(-0.5));
  CHECK(program.symbolic_arguments[1].parameter < program.symbolic_arguments[2].parameter);
  options.free_parameters = false;
  CHECK_THROWS_WITH(qrt::qasm::parse_string(kHeader + "qreg q[1];\nrx(2*theta+phi) q[0];\n", "<test>", options),
                    Catch::Matchers::Contains("unknown identifier 'theta'"));
}
