// The built plugin loaded by the host (qrt::Runtime): discovery and capabilities, circuits through the
// C ABI, host error codes, kwargs, pooling, and the Clifford circuits of the QASMBench corpus against
// their independent reference probabilities.
#include <qrt/circuit_runner.hpp>
#include <qrt/qasm/parser.hpp>
#include <qrt/runtime.hpp>

#include <boost/json.hpp>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <numbers>
#include <sstream>

namespace {

qrt::Runtime& runtime() {
  static qrt::Runtime rt([] {
    qrt::RuntimeOptions options;
    options.plugin_dirs = {QRT_TEST_PLUGIN_DIR};
    options.warn_on_load_failure = false;
    return options;
  }());
  return rt;
}

qrt::ErrorCode error_code_of(const std::function<void()>& call, std::string* message = nullptr) {
  try {
    call();
  } catch (const qrt::Error& e) {
    if (message) *message = e.what();
    return e.code();
  }
  FAIL("the call succeeded");
  return qrt::ErrorCode::Internal;
}

bool contains(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

}  // namespace

TEST_CASE("the host discovers stabilizer.qubit and reads its capabilities", "[stabilizer][plugin]") {
  qrt::Device device = runtime().open("stabilizer.qubit");
  const qrt::Capabilities& caps = device.type().capabilities();
  CHECK(!caps.state);
  CHECK(caps.shots);
  CHECK(caps.mid_circuit_measurement);
  CHECK(caps.adjoint);
  CHECK(!caps.controlled_gates);
  CHECK(caps.max_qubits >= (1u << 16));
  for (const char* gate :
       {"Identity", "PauliX", "PauliY", "PauliZ", "Hadamard", "S", "SX", "CNOT", "CY", "CZ", "SWAP", "ISWAP"})
    CHECK(contains(caps.gates, gate));
  // Rotations are offered: they run when their angles are multiples of pi/2 (Clifford), as transpilers write them.
  for (const char* gate : {"RX", "RY", "RZ", "PhaseShift", "Rot"}) CHECK(contains(caps.gates, gate));
  for (const char* gate : {"T", "Toffoli", "QubitUnitary"}) CHECK(!contains(caps.gates, gate));
  CHECK(caps.observables == std::vector<std::string>{"Identity", "PauliX", "PauliY", "PauliZ"});
  CHECK(!contains(caps.measurements, "state"));
}

TEST_CASE("a GHZ circuit through the host: expval, probs, counts", "[stabilizer][plugin]") {
  qrt::Device device = runtime().open("stabilizer.qubit:shots=500,seed=3");
  const std::vector<qrt::Wire> w = device.allocate(3);
  device.apply("Hadamard", {}, std::vector<qrt::Wire>{w[0]});
  device.apply("CNOT", {}, std::vector<qrt::Wire>{w[0], w[1]});
  device.apply("PauliX", {}, std::vector<qrt::Wire>{w[2]}, std::vector<qrt::Wire>{w[1]});  // CNOT as a controlled X
  device.set_shots(0);
  CHECK(device.expval(qrt::Observable::pauli_word("XXX", w)) == 1.0);
  CHECK(device.expval(qrt::Observable::pauli_word("YYX", w)) == -1.0);
  CHECK(device.var(qrt::Observable::pauli_word("ZII", w)) == 1.0);
  CHECK(device.probs() == std::vector<double>{0.5, 0, 0, 0, 0, 0, 0, 0.5});
  device.set_shots(500);
  const auto counts = device.counts();
  REQUIRE(counts.size() == 2);
  CHECK(counts.count(0) == 1);
  CHECK(counts.count(7) == 1);
  CHECK(counts.at(0) + counts.at(7) == 500);
  CHECK(device.memory_bytes() > 0);
}

TEST_CASE("host errors: non-Clifford gates, state, parameters, postselection, release", "[stabilizer][plugin]") {
  qrt::Device device = runtime().open("stabilizer.qubit");
  const std::vector<qrt::Wire> w = device.allocate(2);
  std::string message;
  CHECK(error_code_of([&] { device.apply("T", {}, std::vector<qrt::Wire>{w[0]}); }, &message) ==
        qrt::ErrorCode::Unsupported);
  CHECK(message.find("'T'") != std::string::npos);
  CHECK(error_code_of([&] { device.apply("RX", std::vector<double>{0.1}, std::vector<qrt::Wire>{w[0]}); }, &message) ==
        qrt::ErrorCode::Unsupported);
  CHECK(message.find("RX") != std::string::npos);
  CHECK(message.find("multiples of pi/2") != std::string::npos);
  // RX(pi) is X up to a phase, and so is its adjoint: a Clifford rotation runs.
  device.apply("RX", std::vector<double>{std::numbers::pi}, std::vector<qrt::Wire>{w[1]});
  CHECK(device.measure(w[1]) == 1);
  device.apply("RX", std::vector<double>{std::numbers::pi}, std::vector<qrt::Wire>{w[1]}, {}, {}, true);
  CHECK(device.measure(w[1]) == 0);
  CHECK(error_code_of([&] { device.apply("S", std::vector<double>{0.1}, std::vector<qrt::Wire>{w[0]}); }, &message) ==
        qrt::ErrorCode::InvalidArgument);
  CHECK(message.find("'S'") != std::string::npos);
  CHECK(error_code_of([&] { device.state(); }, &message) == qrt::ErrorCode::Unsupported);
  CHECK(message.find("stabilizer.qubit") != std::string::npos);
  CHECK(error_code_of([&] { device.measure(w[1], 1); }) == qrt::ErrorCode::FailedPrecondition);
  device.apply("Hadamard", {}, std::vector<qrt::Wire>{w[0]});
  device.apply("Hadamard", {}, std::vector<qrt::Wire>{w[1]});
  device.apply("CZ", {}, std::vector<qrt::Wire>{w[0], w[1]});
  device.apply("Hadamard", {}, std::vector<qrt::Wire>{w[1]});  // H CZ H = CNOT: a Bell pair
  CHECK(error_code_of([&] { device.release_qubits(std::vector<qrt::Wire>{w[1]}); }) ==
        qrt::ErrorCode::FailedPrecondition);
  const int outcome = device.measure(w[0]);
  CHECK(device.measure(w[1]) == outcome);
  device.release_qubits(std::vector<qrt::Wire>{w[1]});
  CHECK(device.num_qubits() == 1);
  CHECK(error_code_of([&] {
          device.apply_matrix(std::vector<std::complex<double>>{1, 0, 0, std::polar(1.0, 0.3)},
                              std::vector<qrt::Wire>{w[0]});
        }) == qrt::ErrorCode::Unsupported);
  CHECK(error_code_of([&] { runtime().open("stabilizer.qubit:shots=-2"); }) == qrt::ErrorCode::Config);
}

TEST_CASE("seeded runs repeat, and a pooled instance comes back fresh", "[stabilizer][plugin]") {
  auto run = [] {
    qrt::Device device = runtime().open("stabilizer.qubit:shots=40,seed=11");
    REQUIRE(device.num_qubits() == 0);
    REQUIRE(device.shots() == 40);
    const std::vector<qrt::Wire> w = device.allocate(5);
    std::vector<int> history;
    for (qrt::Wire wire : w) device.apply("Hadamard", {}, std::vector<qrt::Wire>{wire});
    history.push_back(device.measure(w[2]));
    const auto samples = device.sample();
    history.insert(history.end(), samples.begin(), samples.end());
    device.set_shots(7);  // must not survive the pool
    return history;
  };
  const std::vector<int> first = run();
  CHECK(run() == first);  // the second open reuses the reset instance
  CHECK(runtime().pool_stats().hits >= 1);
}

TEST_CASE("QASMBench Clifford circuits match the corpus reference probabilities", "[stabilizer][plugin][corpus]") {
  const std::filesystem::path corpus(QRT_TEST_CORPUS_DIR);
  if (!std::filesystem::exists(corpus / "expected.json")) {
    WARN("QASMBench corpus not found at " << corpus << "; skipped");
    return;
  }
  std::ifstream in(corpus / "expected.json");
  std::stringstream text;
  text << in.rdbuf();
  const boost::json::object expected = boost::json::parse(text.str()).as_object();
  // Every corpus circuit whose gates are all Clifford (measure/reset/if stripped, as the reference is).
  for (const char* file :
       {"bb84_n8.qasm", "bv_n14.qasm", "cat_state_n4.qasm", "cc_n12.qasm", "deutsch_n2.qasm",
        "error_correctiond3_n5.qasm", "grover_n2.qasm", "hs4_n4.qasm", "iswap_n2.qasm", "lpn_n5.qasm",
        "qec_sm_n5_transpiled.qasm", "qrng_n4.qasm",
        // Qiskit-transpiled: rz/sx/x/cx with angles that are multiples of pi/2.
        "cat_state_n4_transpiled.qasm", "bb84_n8_transpiled.qasm", "bv_n14_transpiled.qasm", "cc_n12_transpiled.qasm",
        "deutsch_n2_transpiled.qasm", "error_correctiond3_n5_transpiled.qasm", "grover_n2_transpiled.qasm",
        "hs4_n4_transpiled.qasm", "iswap_n2_transpiled.qasm", "lpn_n5_transpiled.qasm", "qrng_n4_transpiled.qasm"}) {
    INFO(file);
    const boost::json::object& ref = expected.at(file).as_object();
    qrt::program::Program program = qrt::qasm::parse_file(corpus / "qasmbench" / file);
    qrt::Device device = runtime().open("stabilizer.qubit");
    qrt::RunOptions options;
    options.strip_measurements = true;
    options.probabilities = true;
    options.shots = 0;
    const qrt::RunResult result = qrt::run_program(program, device, options);
    std::vector<double> want(result.probabilities.size(), 0.0);
    for (const auto& [bits, value] : ref.at("probabilities").as_object()) {
      std::size_t index = 0;  // rightmost character = qubit 0 = bit 0, as in RunResult
      for (char c : std::string(bits)) index = (index << 1) | (c == '1');
      want.at(index) = value.to_number<double>();
    }
    for (std::size_t i = 0; i < want.size(); ++i) REQUIRE(std::abs(result.probabilities[i] - want[i]) < 1e-9);
  }
}
