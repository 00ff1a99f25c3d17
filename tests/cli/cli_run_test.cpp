// `qrt run` end to end: the binary, a QASM file, a device config, table and JSON output, errors.
#include "cli_support.hpp"

#include <boost/json.hpp>
#include <catch2/catch.hpp>

#include <cmath>

using cli_test::qrt;
using cli_test::TempProgram;

namespace {

const std::string kGhz = std::string(QRT_TEST_EXAMPLES_DIR) + "/ghz.qasm";

boost::json::object json_of(const cli_test::Outcome& r) {
  INFO("stdout: " << r.out << "\nstderr: " << r.err);
  REQUIRE(r.exit_code == 0);
  return boost::json::parse(r.out).as_object();
}

}  // namespace

TEST_CASE("qrt run samples GHZ on statevector.qubit: only 0000 and 1111, about half each", "[cli]") {
  auto doc = json_of(qrt("run " + kGhz + " --shots 2000 --seed 7 -o json"));
  CHECK(doc.at("device").as_string() == "statevector.qubit");
  CHECK(doc.at("shots").as_int64() == 2000);
  const auto& counts = doc.at("counts").as_object();
  REQUIRE(counts.size() == 2);
  std::int64_t zeros = counts.at("0000").as_int64(), ones = counts.at("1111").as_int64();
  CHECK(zeros + ones == 2000);
  CHECK(std::abs(zeros - 1000) < 150);  // 6.7 sigma
  // The same seed gives the same counts.
  auto again = json_of(qrt("run " + kGhz + " --shots 2000 --seed 7 -o json"));
  CHECK(again.at("counts") == doc.at("counts"));
}

TEST_CASE("qrt run gives GHZ probabilities, state and expectation values analytically", "[cli]") {
  auto doc = json_of(qrt("run " + kGhz + " --probs --state --expval ZZZZ --expval XXXX --expval ZIII -o json"));
  const auto& probs = doc.at("probabilities").as_object();
  REQUIRE(probs.size() == 16);  // complete: zeros too
  CHECK(probs.at("0101").to_number<double>() == 0);
  CHECK(probs.at("0000").to_number<double>() == Approx(0.5).margin(1e-12));
  CHECK(probs.at("1111").to_number<double>() == Approx(0.5).margin(1e-12));
  const auto& state = doc.at("state").as_array();
  REQUIRE(state.size() == 16);
  CHECK(state[0].as_array()[0].to_number<double>() == Approx(std::sqrt(0.5)).margin(1e-12));
  CHECK(state[15].as_array()[0].to_number<double>() == Approx(std::sqrt(0.5)).margin(1e-12));
  CHECK(state[1].as_array()[0].to_number<double>() == Approx(0).margin(1e-12));
  const auto& ev = doc.at("expvals").as_object();
  CHECK(ev.at("ZZZZ").to_number<double>() == Approx(1).margin(1e-12));
  CHECK(ev.at("XXXX").to_number<double>() == Approx(1).margin(1e-12));
  CHECK(ev.at("ZIII").to_number<double>() == Approx(0).margin(1e-12));
}

TEST_CASE("qrt run --precision single runs statevector.qubit on complex64 amplitudes", "[cli][single]") {
  auto doc = json_of(qrt("run " + kGhz + " --precision single --probs --state --expval XXXX -o json"));
  CHECK(doc.at("probabilities").as_object().at("1111").to_number<double>() == Approx(0.5).margin(1e-7));
  // The state is the stored complex64 value, widened: 1/sqrt(2) rounded to float, not to double.
  const double amplitude = doc.at("state").as_array()[0].as_array()[0].to_number<double>();
  CHECK(amplitude == static_cast<double>(static_cast<float>(std::sqrt(0.5))));
  CHECK(doc.at("expvals").as_object().at("XXXX").to_number<double>() == Approx(1).margin(1e-6));
  // Added to a config that already has kwargs, or to a JSON config; a bad value is refused clearly.
  CHECK(qrt("run " + kGhz + " --device statevector.qubit:seed=3 --precision single --probs").exit_code == 0);
  auto bad = qrt("run " + kGhz + " --precision half");
  CHECK(bad.exit_code != 0);
  CHECK_THAT(bad.err, Catch::Contains("--precision") && Catch::Contains("half"));
  auto json_config =
      json_of(qrt("run " + kGhz + " --device '{\"device\": \"statevector.qubit\"}' --precision single -o json"));
  CHECK(json_config.at("config").at("precision") == "single");
  auto wrong_value = qrt("run " + kGhz + " --device statevector.qubit:precision=half");
  CHECK(wrong_value.exit_code == 1);
  CHECK_THAT(wrong_value.err, Catch::Contains("kwarg 'precision'") && Catch::Contains("\"double\", \"single\""));
}

TEST_CASE("qrt run prints a readable table", "[cli]") {
  auto r = qrt("run " + kGhz + " --shots 100 --seed 1");
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("device   statevector.qubit") && Catch::Contains("4 qubits, 4 clbits, 4 gates") &&
                        Catch::Contains("counts   100 shots") && Catch::Contains("1111"));
  auto n = qrt("run " + kGhz + " --device null.qubit:shots=10");
  REQUIRE(n.exit_code == 0);
  CHECK_THAT(n.out, Catch::Contains("device   null.qubit") && Catch::Contains("0000        10  1.0000"));
}

TEST_CASE("counts follow Qiskit's order: last register leftmost, highest bit leftmost", "[cli]") {
  TempProgram file(R"(OPENQASM 2.0;
include "qelib1.inc";
qreg q[3];
creg a[1];
creg b[2];
x q[0];
x q[2];
measure q[0] -> a[0];
measure q[1] -> b[0];
measure q[2] -> b[1];
)");
  auto doc = json_of(qrt("run " + file.path.string() + " --shots 10 -o json"));
  const auto& counts = doc.at("counts").as_object();
  REQUIRE(counts.size() == 1);
  CHECK(counts.begin()->key() == "10 1");
  // Probabilities: qubit 0 rightmost.
  auto p = json_of(qrt("run " + file.path.string() + " --probs -o json"));
  CHECK(p.at("probabilities").as_object().contains("101"));
}

TEST_CASE("mid-circuit measurement with if runs shot by shot", "[cli]") {
  // Teleport |1>: Bob's qubit must always read 1.
  TempProgram file(R"(OPENQASM 2.0;
include "qelib1.inc";
qreg q[3];
creg m0[1];
creg m1[1];
creg out[1];
x q[0];
h q[1];
cx q[1], q[2];
cx q[0], q[1];
h q[0];
measure q[0] -> m0[0];
measure q[1] -> m1[0];
if (m1 == 1) x q[2];
if (m0 == 1) z q[2];
measure q[2] -> out[0];
)");
  auto doc = json_of(qrt("run " + file.path.string() + " --shots 400 --seed 3 -o json"));
  CHECK(doc.at("dynamic").as_bool());
  std::int64_t total = 0;
  for (const auto& [bits, c] : doc.at("counts").as_object()) {
    CHECK(bits.substr(0, 1) == "1");  // `out` is the leftmost register
    total += c.as_int64();
  }
  CHECK(total == 400);
  CHECK(doc.at("counts").as_object().size() == 4);  // m0, m1 uniformly random

  auto no_shots = qrt("run " + file.path.string() + " --probs");
  CHECK(no_shots.exit_code == 1);
  CHECK_THAT(no_shots.err, Catch::Contains("mid-circuit"));
}

TEST_CASE("qrt run reports errors clearly and exits non-zero", "[cli]") {
  TempProgram bad("OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[2];\nhh q[0];\n");
  auto r = qrt("run " + bad.path.string());
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.err, Catch::Contains(":4:1: error: unknown gate 'hh'") && Catch::Contains("did you mean 'h'") &&
                        Catch::Contains("\n  ^"));

  auto device = qrt("run " + kGhz + " --device statevector.qubit:shot=3");
  CHECK(device.exit_code == 1);
  CHECK_THAT(device.err, Catch::Contains("unknown kwarg 'shot'") && Catch::Contains("did you mean 'shots'"));

  auto unknown = qrt("run " + kGhz + " --device nosuch.qubit");
  CHECK(unknown.exit_code == 1);
  CHECK_THAT(unknown.err, Catch::Contains("unknown device 'nosuch.qubit'"));

  auto missing = qrt("run /nonexistent/file.qasm");
  CHECK(missing.exit_code != 0);
  CHECK_THAT(missing.err, Catch::Contains("/nonexistent/file.qasm"));

  auto word = qrt("run " + kGhz + " --expval ZZ");
  CHECK(word.exit_code == 1);
  CHECK_THAT(word.err, Catch::Contains("Pauli word 'ZZ' has 2 letters; the circuit has 4 qubits"));
}
