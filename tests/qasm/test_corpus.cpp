// The QASMBench corpus: every circuit parses; qubit and top-level gate counts match expected.json; and
// the lowered circuit, simulated with the independent textbook matrices, reproduces the reference
// probabilities (computed by two external simulators) to 1e-9.
#include "qasm_test_support.hpp"

#include <boost/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;
namespace json = boost::json;
using namespace qasm_test;

namespace {

const fs::path kCorpus = fs::path(QRT_TEST_CORPUS_DIR) / "qasmbench";
const fs::path kExpected = fs::path(QRT_TEST_CORPUS_DIR) / "expected.json";

bool corpus_available() {
  if (fs::is_directory(kCorpus) && fs::is_regular_file(kExpected)) return true;
  WARN("QASMBench corpus not found at " << kCorpus << " (or " << kExpected
                                        << " missing): corpus checks SKIPPED. Set QRT_CORPUS_DIR to run them.");
  return false;
}

json::object load_expected() {
  std::ifstream in(kExpected, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return json::parse(text.str()).as_object();
}

std::vector<fs::path> corpus_files() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(kCorpus)) {
    if (entry.path().extension() == ".qasm") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// "0110" (rightmost character = qubit 0) -> basis index.
std::size_t index_of(std::string_view bits) {
  std::size_t index = 0;
  for (char c : bits) index = (index << 1) | (c == '1' ? 1 : 0);
  return index;
}

void check_probabilities(const std::vector<Complex>& state, const json::object& expected) {
  const std::size_t n = static_cast<std::size_t>(expected.at("qubits").as_int64());
  std::vector<double> p(state.size());
  for (std::size_t i = 0; i < state.size(); ++i) p[i] = std::norm(state[i]);
  for (const auto& [bits, value] : expected.at("probabilities").as_object()) {
    INFO("state " << std::string(bits));
    CHECK(std::abs(p[index_of(bits)] - value.to_number<double>()) < 1e-9);
  }
  // Whole-state checks that also cover states not listed.
  const auto& marginals = expected.at("qubit_marginals_p1").as_array();
  for (std::size_t k = 0; k < n; ++k) {
    double one = 0;
    for (std::size_t i = 0; i < p.size(); ++i) one += ((i >> k) & 1) ? p[i] : 0.0;
    INFO("marginal of qubit " << k);
    CHECK(std::abs(one - marginals.at(k).to_number<double>()) < 1e-9);
  }
  double collision = 0;
  for (double x : p) collision += x * x;
  CHECK(std::abs(collision - expected.at("collision_probability").to_number<double>()) < 1e-9);
}

}  // namespace

TEST_CASE("qasm: every corpus circuit parses with the expected qubit and gate counts", "[qasm][corpus]") {
  if (!corpus_available()) return;
  const json::object expected = load_expected();
  const std::vector<fs::path> files = corpus_files();
  CHECK(files.size() == expected.size());
  for (const fs::path& file : files) {
    const std::string name = file.filename().string();
    INFO(name);
    REQUIRE(expected.contains(name));
    const json::object& entry = expected.at(name).as_object();
    const qrt::program::Program program = qrt::qasm::parse_file(file);
    CHECK(program.num_qubits == entry.at("qubits").as_int64());
    CHECK(program.gate_count() == static_cast<std::size_t>(entry.at("gate_count").as_int64()));
    const auto& qregs = entry.at("qregs").as_array();
    REQUIRE(program.qregs.size() == qregs.size());
    for (std::size_t i = 0; i < qregs.size(); ++i) {
      CHECK(program.qregs[i].name == qregs[i].as_array().at(0).as_string().c_str());
      CHECK(program.qregs[i].size == qregs[i].as_array().at(1).as_int64());
    }
    // Only sat_n11 lacks the header; nothing else is worth a warning.
    CHECK(program.warnings.size() == (name == "sat_n11.qasm" ? 1u : 0u));
  }
}

TEST_CASE("qasm: lowered corpus circuits reproduce the reference probabilities", "[qasm][corpus]") {
  if (!corpus_available()) return;
  const json::object expected = load_expected();
  const qrt::program::DeviceGateSet full{{"PauliX",  "PauliY",      "PauliZ",     "Hadamard", "S",
                                          "T",       "SX",          "PhaseShift", "RX",       "RY",
                                          "RZ",      "Rot",         "CNOT",       "CY",       "CZ",
                                          "CH",      "SWAP",        "CSWAP",      "Toffoli",  "ControlledPhaseShift",
                                          "CRX",     "CRY",         "CRZ",        "CRot",     "IsingXX",
                                          "IsingZZ", "QubitUnitary"},
                                         true,
                                         true};
  const qrt::program::DeviceGateSet ibm_like{{"RZ", "SX", "PauliX", "CNOT"}, false, false};
  const qrt::program::DeviceGateSet minimal{{"QubitUnitary", "CNOT"}, false, false};
  for (const fs::path& file : corpus_files()) {
    const std::string name = file.filename().string();
    INFO(name);
    const json::object& entry = expected.at(name).as_object();
    const qrt::program::Program program = qrt::qasm::parse_file(file);
    check_probabilities(unitary_part_state(qrt::program::lower(program, full)), entry);
    // Smaller circuits also on gate sets that force expansion.
    if (program.num_qubits <= 10) {
      check_probabilities(unitary_part_state(qrt::program::lower(program, minimal)), entry);
      check_probabilities(unitary_part_state(qrt::program::lower(program, {{"RZ", "RY", "CNOT"}, false, false})),
                          entry);
    }
    if (name.find("_transpiled") != std::string::npos) {
      // Transpiled files use rz, sx, x and cx only: an IBM-like basis maps them one to one.
      const auto lowered = qrt::program::lower(program, ibm_like);
      CHECK(lowered.operations.size() == program.operations.size());
    }
  }
}
