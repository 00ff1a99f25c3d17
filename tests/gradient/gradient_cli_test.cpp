// `qrt grad`: the JSON and table output, and the exit status of every kind of failure.
#include "cli_support.hpp"

#include <boost/json.hpp>
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

using Catch::Matchers::Contains;
using cli_test::qrt;
using cli_test::TempProgram;

namespace {

const std::string kCircuit =
    "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[2];\nrx(2*theta) q[0];\n"
    "ry(phi-theta/4) q[1];\ncx q[0], q[1];\n";

}  // namespace

TEST_CASE("qrt grad -o json: expvals, jacobian by observable and parameter, the method", "[gradient][cli]") {
  TempProgram program(kCircuit);
  const auto o = qrt("grad " + program.path.string() +
                     " --param theta=0.3 --param phi=pi/4 --expval Z0 --expval ZZ --method parameter-shift -o json");
  INFO(o.err);
  REQUIRE(o.exit_code == 0);
  const auto json = boost::json::parse(o.out).as_object();
  CHECK(json.at("method").as_string() == "parameter-shift");
  CHECK(json.at("expvals").at("Z0").as_double() == Approx(std::cos(0.6)).margin(1e-12));
  CHECK(json.at("jacobian").at("Z0").at("theta").as_double() == Approx(-2 * std::sin(0.6)).margin(1e-12));
  CHECK(json.at("jacobian").at("Z0").at("phi").as_double() == Approx(0.0).margin(1e-12));
  // The CNOT turns Z0 Z1 into Z1: <ZZ> = <Z1> before it = cos(p - t/4).
  const double t = 0.3, p = std::atan(1.0);
  CHECK(json.at("expvals").at("ZZ").as_double() == Approx(std::cos(p - t / 4)).margin(1e-12));
  CHECK(json.at("jacobian").at("ZZ").at("phi").as_double() == Approx(-std::sin(p - t / 4)).margin(1e-12));
  CHECK(json.at("jacobian").at("ZZ").at("theta").as_double() == Approx(std::sin(p - t / 4) / 4).margin(1e-12));
  CHECK(json.at("parameters").at("phi").as_double() == Approx(p));
  CHECK(json.at("device_runs").as_int64() == 1 + 2 + 2);  // two trainable angles, two runs each
}

TEST_CASE("qrt grad prints a table: the method, then one row per observable", "[gradient][cli]") {
  TempProgram program(kCircuit);
  const auto o = qrt("grad " + program.path.string() + " -p theta=0.3 -p phi=1 --expval Z0 --method finite-difference");
  INFO(o.err);
  REQUIRE(o.exit_code == 0);
  CHECK_THAT(o.out, Contains("finite-difference, 5 device runs") && Contains("observable") && Contains("d/dtheta") &&
                        Contains("d/dphi") && Contains("Z0"));
}

TEST_CASE("qrt grad: command-line errors exit 64, program and device errors 1", "[gradient][cli]") {
  TempProgram program(kCircuit);
  const std::string file = program.path.string();
  const auto no_expval = qrt("grad " + file + " -p theta=0.3 -p phi=1");
  CHECK(no_expval.exit_code == 64);
  CHECK_THAT(no_expval.err, Contains("--expval"));
  const auto not_a_number = qrt("grad " + file + " -p theta=abc -p phi=1 --expval Z0");
  CHECK(not_a_number.exit_code == 64);
  CHECK_THAT(not_a_number.err, Contains("qrt: error: --param") && Contains("abc"));
  const auto unused = qrt("grad " + file + " -p theta=0.3 -p phi=1 -p gamma=2 --expval Z0");
  CHECK(unused.exit_code == 64);
  CHECK_THAT(unused.err, Contains("gamma"));
  const auto twice = qrt("grad " + file + " -p theta=0.3 -p theta=1 --expval Z0");
  CHECK(twice.exit_code == 64);
  const auto method = qrt("grad " + file + " -p theta=0.3 -p phi=1 --expval Z0 --method backprop");
  CHECK(method.exit_code == 64);
  const auto missing = qrt("grad " + file + " -p theta=0.3 --expval Z0");
  CHECK(missing.exit_code == 1);
  CHECK_THAT(missing.err, Contains("free parameter 'phi' has no value (bind it, e.g. --param phi=VALUE)"));
  const auto word = qrt("grad " + file + " -p theta=0.3 -p phi=1 --expval Z7");
  CHECK(word.exit_code == 1);
  CHECK_THAT(word.err, Contains("qrt: error:") && Contains("Z7"));
  const auto isolated =
      qrt("grad " + file + " -p theta=0.3 -p phi=1 --expval Z0 --method adjoint -d statevector.qubit:isolate=true");
  CHECK(isolated.exit_code == 1);
  CHECK_THAT(isolated.err, Contains("qrt: error:") && Contains("adjoint"));
  TempProgram opaque("OPENQASM 2.0;\nopaque magic(x) a;\nqreg q[1];\nmagic(theta) q[0];\n");
  const auto not_differentiable = qrt("grad " + opaque.path.string() + " -p theta=0.3 --expval Z");
  CHECK(not_differentiable.exit_code == 1);
  CHECK_THAT(not_differentiable.err, Contains("error:") && Contains("'magic'") && Contains("opaque"));
}

TEST_CASE("qrt grad and qrt run take Hamiltonians: --expval text and --hamiltonian FILE, one row each",
          "[gradient][cli][hamiltonian]") {
  TempProgram program(kCircuit);
  TempProgram h("# <H> = 0.5 <Z0 Z1> - 0.2 <X1> + 1\n0.5 Z0 Z1\n-0.2*X1   # a comment\n\n1\n", ".txt");
  const std::string file = program.path.string(), hfile = h.path.string();
  const auto o = qrt("grad " + file +
                     " -p theta=0.3 -p phi=pi/4 --expval '0.5*Z0 Z1 - 0.2*XI' --expval ZZ --expval X1"
                     " --hamiltonian " +
                     hfile + " -o json");
  INFO(o.err);
  REQUIRE(o.exit_code == 0);
  const auto json = boost::json::parse(o.out).as_object();
  const auto& values = json.at("expvals").as_object();
  const auto& rows = json.at("jacobian").as_object();
  const double zz = values.at("ZZ").as_double(), x1 = values.at("X1").as_double();
  CHECK(values.at("0.5*Z0 Z1 - 0.2*XI").as_double() == Approx(0.5 * zz - 0.2 * x1).margin(1e-12));
  CHECK(values.at(hfile).as_double() == Approx(0.5 * zz - 0.2 * x1 + 1).margin(1e-12));
  for (const char* p : {"theta", "phi"}) {
    const double expected = 0.5 * rows.at("ZZ").at(p).as_double() - 0.2 * rows.at("X1").at(p).as_double();
    CHECK(rows.at("0.5*Z0 Z1 - 0.2*XI").at(p).as_double() == Approx(expected).margin(1e-12));
    CHECK(rows.at(hfile).at(p).as_double() == Approx(expected).margin(1e-12));
  }
  const auto run = qrt("run " + file + " -p theta=0.3 -p phi=pi/4 --hamiltonian " + hfile + " --expval '2*ZZ' -o json");
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  const auto run_values = boost::json::parse(run.out).at("expvals").as_object();
  CHECK(run_values.at(hfile).as_double() == Approx(0.5 * zz - 0.2 * x1 + 1).margin(1e-12));
  CHECK(run_values.at("2*ZZ").as_double() == Approx(2 * zz).margin(1e-12));
}

TEST_CASE("qrt grad: a bad Hamiltonian names its file and line, or its term", "[gradient][cli][hamiltonian]") {
  TempProgram program(kCircuit);
  const std::string file = program.path.string();
  TempProgram bad("0.5 Z0\n\n0.25 Q1\n", ".txt");
  const auto line = qrt("grad " + file + " -p theta=0.3 -p phi=1 --hamiltonian " + bad.path.string());
  CHECK(line.exit_code == 1);
  CHECK_THAT(line.err, Contains("qrt: error: " + bad.path.string() + ":3: ") && Contains("'Q'"));
  const auto long_word = qrt("grad " + file + " -p theta=0.3 -p phi=1 --expval 'Z0 + 0.5*ZZZ'");
  CHECK(long_word.exit_code == 1);
  CHECK_THAT(long_word.err, Contains("Hamiltonian term 2") && Contains("3 letters; the circuit has 2 qubits"));
  const auto complex = qrt("grad " + file + " -p theta=0.3 -p phi=1 --expval '0.5j*Z0'");
  CHECK(complex.exit_code == 1);
  CHECK_THAT(complex.err, Contains("real"));
  const auto missing = qrt("grad " + file + " -p theta=0.3 -p phi=1 --hamiltonian /nonexistent/h.txt");
  CHECK(missing.exit_code == 64);
  const auto twice = qrt("grad " + file + " -p theta=0.3 -p phi=1 --hamiltonian " + bad.path.string() +
                         " --hamiltonian " + bad.path.string());
  CHECK(twice.exit_code == 64);
  CHECK_THAT(twice.err, Contains("given twice"));
}
