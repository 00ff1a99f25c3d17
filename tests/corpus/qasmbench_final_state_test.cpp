// Every QASMBench circuit, with measure/reset/if stripped, runs on statevector.qubit and its
// final-state probabilities match the independent references in expected.json (two other simulators
// that agree to 2.5e-14): every listed probability, the per-qubit marginals and the collision
// probability within 1e-9, and — for complete listings — nothing else above 1e-12. In single precision
// (precision=single, complex64 amplitudes) the same checks hold within 1e-5.
#include "corpus_support.hpp"

#include <qrt/circuit_runner.hpp>
#include <qrt/qasm/parser.hpp>

#include <boost/json.hpp>
#include <catch2/catch.hpp>

#include <cmath>
#include <complex>
#include <string>
#include <utility>
#include <vector>

namespace {

std::size_t index_of(const std::string& bits) {  // rightmost character = qubit 0
  std::size_t index = 0;
  for (char c : bits) index = (index << 1) | (c == '1');
  return index;
}

void check_circuit(const std::string& file, const boost::json::object& ref, const std::string& device_config,
                   double tolerance = 1e-9) {
  INFO(file << " on " << device_config);
  qrt::program::Program program = qrt::qasm::parse_file(*corpus::corpus_dir() / "qasmbench" / file);
  const auto n = static_cast<std::size_t>(ref.at("qubits").as_int64());
  REQUIRE(program.num_qubits == n);

  qrt::Device device = corpus::runtime().open(device_config);
  qrt::RunOptions options;
  options.strip_measurements = true;
  options.probabilities = true;
  options.shots = 0;
  qrt::RunResult result = qrt::run_program(program, device, options);
  const std::vector<double>& p = result.probabilities;
  REQUIRE(p.size() == (std::size_t{1} << n));

  std::vector<std::uint8_t> listed(p.size(), 0);
  double worst = 0;
  for (const auto& [bits, value] : ref.at("probabilities").as_object()) {
    std::size_t i = index_of(std::string(bits));
    listed[i] = 1;
    worst = std::max(worst, std::abs(p[i] - value.to_number<double>()));
  }
  CHECK(worst <= tolerance);

  if (ref.at("complete").as_bool()) {
    double unlisted_max = 0;
    for (std::size_t i = 0; i < p.size(); ++i)
      if (!listed[i]) unlisted_max = std::max(unlisted_max, p[i]);
    CHECK(unlisted_max <= 1e-12 + tolerance);
  }

  const auto& marginals = ref.at("qubit_marginals_p1").as_array();
  double collision = 0;
  std::vector<double> p1(n, 0.0);
  for (std::size_t i = 0; i < p.size(); ++i) {
    collision += p[i] * p[i];
    for (std::size_t k = 0; k < n; ++k)
      if ((i >> k) & 1u) p1[k] += p[i];
  }
  for (std::size_t k = 0; k < n; ++k) CHECK(std::abs(p1[k] - marginals[k].to_number<double>()) <= tolerance);
  CHECK(std::abs(collision - ref.at("collision_probability").to_number<double>()) <= tolerance);
}

}  // namespace

TEST_CASE("QASMBench final-state probabilities match the references", "[corpus]") {
  if (!corpus::corpus_dir()) {
    WARN("QASMBench corpus not found at " QRT_TEST_CORPUS_DIR " (set QRT_CORPUS_DIR): skipped");
    return;
  }
  std::size_t checked = 0;
  for (const auto& [name, ref] : corpus::expected()) {
    check_circuit(std::string(name), ref.as_object(), "statevector.qubit");
    ++checked;
  }
  CHECK(checked == 94);
}

TEST_CASE("QASMBench final states agree with fusion off and on one thread", "[corpus]") {
  if (!corpus::corpus_dir()) {
    WARN("QASMBench corpus not found at " QRT_TEST_CORPUS_DIR ": skipped");
    return;
  }
  // A sample across sizes and gate sets is enough here: the full set runs above with the defaults.
  for (const char* name : {"adder_n10.qasm", "qf21_n15.qasm", "dnn_n16_transpiled.qasm", "sat_n11.qasm", "bv_n14.qasm",
                           "multiplier_n15.qasm"}) {
    if (!corpus::expected().contains(name)) continue;
    check_circuit(name, corpus::expected().at(name).as_object(), "statevector.qubit:fusion=false,threads=1");
  }
}

TEST_CASE("QASMBench circuits on the tiled path equal the untiled path", "[corpus][tiles]") {
  if (!corpus::corpus_dir()) {
    WARN("QASMBench corpus not found at " QRT_TEST_CORPUS_DIR ": skipped");
    return;
  }
  // The defaults tile only states of tile_qubits + 4 qubits and more, + 6 in single precision (the corpus has at most
  // 16): tiles of 2^10 amplitudes make every file of 11 qubits and more take the tiled path (two threads from 14 qubits
  // on, parallel_min_qubits). Final states (measurements stripped) within 1e-12 of the untiled path in double, 1e-5 in
  // single; the files that measure mid-circuit give the same seeded counts.
  const std::string tiled = "tiles=true,tile_qubits=10,tile_min_qubits=11,threads=2";
  std::size_t final_states = 0, dynamic = 0;
  for (const auto& [name, ref] : corpus::expected()) {
    if (ref.as_object().at("qubits").as_int64() < 11) continue;
    INFO(std::string(name));
    const qrt::program::Program program =
        qrt::qasm::parse_file(*corpus::corpus_dir() / "qasmbench" / std::string(name));
    if (ref.as_object().at("mid_circuit").as_bool()) {
      qrt::RunOptions options;
      options.shots = 100;
      options.seed = 20261206;
      qrt::Device plain = corpus::runtime().open("statevector.qubit:tiles=false,threads=1");
      qrt::Device tiles = corpus::runtime().open("statevector.qubit:" + tiled);
      const qrt::RunResult expected = qrt::run_program(program, plain, options);
      const qrt::RunResult got = qrt::run_program(program, tiles, options);
      CHECK(got.dynamic);
      CHECK(got.counts == expected.counts);
      ++dynamic;
      continue;
    }
    qrt::RunOptions options;
    options.strip_measurements = true;
    options.state = true;
    options.shots = 0;
    for (const auto& [precision, tolerance] : {std::pair{"double", 1e-12}, std::pair{"single", 1e-5}}) {
      INFO(precision);
      const std::string p = std::string(",precision=") + precision;
      qrt::Device plain = corpus::runtime().open("statevector.qubit:tiles=false,threads=1" + p);
      qrt::Device tiles = corpus::runtime().open("statevector.qubit:" + tiled + p);
      const std::vector<std::complex<double>> expected = qrt::run_program(program, plain, options).state;
      const std::vector<std::complex<double>> got = qrt::run_program(program, tiles, options).state;
      REQUIRE(got.size() == expected.size());
      double worst = 0;
      for (std::size_t i = 0; i < got.size(); ++i) worst = std::max(worst, std::abs(got[i] - expected[i]));
      CHECK(worst <= tolerance);
    }
    ++final_states;
  }
  CHECK(final_states == 13);
  CHECK(dynamic == 4);
}

TEST_CASE("QASMBench final-state probabilities match the references in single precision", "[corpus][single]") {
  if (!corpus::corpus_dir()) {
    WARN("QASMBench corpus not found at " QRT_TEST_CORPUS_DIR ": skipped");
    return;
  }
  std::size_t checked = 0;
  for (const auto& [name, ref] : corpus::expected()) {
    check_circuit(std::string(name), ref.as_object(), "statevector.qubit:precision=single", 1e-5);
    ++checked;
  }
  CHECK(checked == 94);
}
