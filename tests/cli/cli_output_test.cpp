// What `qrt run` / `qrt batch` print: complete JSON unless --top asks otherwise (and then saying what was
// left out), a short table by default, and the one-pass top-K selection behind both.
#include "cli_support.hpp"
#include "probability_selection.hpp"

#include <boost/json.hpp>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <sstream>

using cli_test::TempProgram;

namespace {

// H on every qubit of n: 2^n equal probabilities, each 2^-n (an independent, analytic expectation).
std::string uniform_circuit(int n) {
  std::ostringstream s;
  s << "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[" << n << "];\nh q;\n";
  return s.str();
}

boost::json::object json_of(const cli_test::Outcome& r) {
  INFO("stderr: " << r.err);
  REQUIRE(r.exit_code == 0);
  return boost::json::parse(r.out).as_object();
}

}  // namespace

TEST_CASE("qrt run -o json lists all 2^n probabilities unless --top is given", "[cli][output]") {
  TempProgram file(uniform_circuit(12));
  auto doc = json_of(cli_test::qrt("run " + file.path.string() + " --probs -o json"));
  const auto& probs = doc.at("probabilities").as_object();
  REQUIRE(probs.size() == 4096);
  double sum = 0;
  for (const auto& [bits, p] : probs) {
    CHECK(bits.size() == 12);
    sum += p.to_number<double>();
  }
  CHECK(sum == Approx(1).margin(1e-12));
  CHECK(probs.at("101010101010").to_number<double>() == Approx(1.0 / 4096).margin(1e-15));
  CHECK_FALSE(doc.contains("probabilities_top"));  // nothing left out: nothing to say

  // --top 0 means all too.
  CHECK(json_of(cli_test::qrt("run " + file.path.string() + " --probs --top 0 -o json"))
            .at("probabilities")
            .as_object()
            .size() == 4096);
}

TEST_CASE("qrt run -o json --top K says what it kept of how many and the mass left out", "[cli][output]") {
  TempProgram file(uniform_circuit(10));
  auto doc = json_of(cli_test::qrt("run " + file.path.string() + " --probs --top 3 -o json"));
  const auto& probs = doc.at("probabilities").as_object();
  REQUIRE(probs.size() == 3);
  // Equal probabilities: ties go to the lowest basis index.
  CHECK(probs.contains("0000000000"));
  CHECK(probs.contains("0000000001"));
  CHECK(probs.contains("0000000010"));
  const auto& top = doc.at("probabilities_top").as_object();
  CHECK(top.at("kept").to_number<std::int64_t>() == 3);
  CHECK(top.at("of").to_number<std::int64_t>() == 1024);
  CHECK(top.at("nonzero").to_number<std::int64_t>() == 1024);
  CHECK(top.at("mass_left_out").to_number<double>() == Approx(1021.0 / 1024).margin(1e-12));
}

TEST_CASE("qrt run's table is short by default and says what it does not show", "[cli][output]") {
  TempProgram file(uniform_circuit(10));
  auto r = cli_test::qrt("run " + file.path.string() + " --probs");
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("16 largest of 1024 nonzero; probability not shown: 0.984"));
  CHECK(std::count(r.out.begin(), r.out.end(), '\n') < 30);
  auto all = cli_test::qrt("run " + file.path.string() + " --probs --top 0");
  REQUIRE(all.exit_code == 0);
  CHECK_THAT(all.out,
             Catch::Contains("1024 largest of 1024 nonzero)") && Catch::Contains("  1111111111  0.0009765625"));
}

TEST_CASE("qrt batch lines follow the same rule: complete, or saying what --top left out", "[cli][output]") {
  TempProgram file(uniform_circuit(8));
  auto all = cli_test::qrt("batch " + file.path.string());
  REQUIRE(all.exit_code == 0);
  auto line = boost::json::parse(all.out.substr(0, all.out.find('\n'))).as_object();
  CHECK(line.at("probabilities").as_object().size() == 256);
  CHECK_FALSE(line.contains("probabilities_top"));

  auto top = cli_test::qrt("batch " + file.path.string() + " --top 2");
  REQUIRE(top.exit_code == 0);
  line = boost::json::parse(top.out.substr(0, top.out.find('\n'))).as_object();
  CHECK(line.at("probabilities").as_object().size() == 2);
  CHECK(line.at("probabilities_top").at("of").to_number<std::int64_t>() == 256);
  CHECK(line.at("probabilities_top").at("mass_left_out").to_number<double>() == Approx(254.0 / 256).margin(1e-12));
}

TEST_CASE("a failed write of the result exits non-zero instead of reporting success", "[cli][output]") {
  if (!std::filesystem::exists("/dev/full")) {
    WARN("skipped: no /dev/full on this system");
    return;
  }
  TempProgram file(uniform_circuit(12));
  for (const std::string& command : {"run " + file.path.string() + " --probs -o json", "batch " + file.path.string()}) {
    INFO(command);
    const auto err = std::filesystem::temp_directory_path() / ("qrt_cli_full_" + std::to_string(::getpid()));
    const std::string shell =
        "QRT_PLUGIN_PATH= " + std::string(QRT_TEST_CLI) + " " + command + " >/dev/full 2>" + err.string();
    const int status = std::system(shell.c_str());
    const std::string message = cli_test::slurp(err);
    std::filesystem::remove(err);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 1);
    CHECK_THAT(message, Catch::Contains("writing the output failed"));
  }
}

TEST_CASE("select_top: one pass keeps the K largest, ties by index, and accounts for the rest", "[output]") {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(0, 1);
  std::vector<double> p(5000);
  for (auto& v : p) v = std::floor(u(rng) * 50) / 50;  // many ties, some exact zeros
  p[17] = 1e-13;                                       // negligible: never listed
  std::vector<std::size_t> order(p.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p[a] > p[b]; });
  const auto nonzero = static_cast<std::size_t>(std::count_if(p.begin(), p.end(), [](double v) { return v > 1e-12; }));
  const double total = std::accumulate(p.begin(), p.end(), 0.0);
  for (std::size_t k : {std::size_t{1}, std::size_t{7}, std::size_t{64}, nonzero, nonzero + 5}) {
    const auto s = qrt::cli::select_top(p, k);
    const std::size_t expect = std::min(k, nonzero);
    REQUIRE(s.indices.size() == expect);
    CHECK(std::equal(s.indices.begin(), s.indices.end(), order.begin()));
    CHECK(s.total == p.size());
    CHECK(s.nonzero == nonzero);
    double kept = 0;
    for (std::size_t i = 0; i < expect; ++i) kept += p[order[i]];
    CHECK(s.mass_left_out() == Approx(total - kept).margin(1e-9));
  }
  CHECK(qrt::cli::select_top(p, 0).indices.size() == nonzero);
  CHECK(qrt::cli::select_top(std::vector<double>{}, 3).indices.empty());
}

#ifdef QRT_TEST_HAVE_QIR
TEST_CASE("under -o json stdout carries qrt's document alone: what a program prints goes to stderr", "[cli][output]") {
  // A compiled program that writes to stdout itself (puts is one of the C functions QIR programs may call),
  // before and after recording its result.
  const TempProgram noisy(R"(@text = internal constant [13 x i8] c"program says\00"
@label = internal constant [2 x i8] c"r\00"
define void @main() #0 {
entry:
  %0 = call i32 @puts(ptr @text)
  call void @__quantum__qis__x__body(ptr null)
  call void @__quantum__qis__mz__body(ptr null, ptr null)
  call void @__quantum__rt__result_record_output(ptr null, ptr @label)
  %1 = call i32 @puts(ptr @text)
  ret void
}
declare i32 @puts(ptr)
declare void @__quantum__qis__x__body(ptr)
declare void @__quantum__qis__mz__body(ptr, ptr writeonly)
declare void @__quantum__rt__result_record_output(ptr, ptr)
attributes #0 = { "entry_point" "qir_profiles"="adaptive_profile" "required_num_qubits"="1" "required_num_results"="1" }
)",
                          ".ll");
  for (const std::string& command :
       {"run " + noisy.path.string() + " --shots 2 --seed 1 -o json",
        "batch " + noisy.path.string() + " " + noisy.path.string() + " --shots 2 --no-progress"}) {
    INFO(command);
    const cli_test::Outcome r = cli_test::qrt(command);
    INFO("stdout: " << r.out << "\nstderr: " << r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("program says") == std::string::npos);
    CHECK_THAT(r.err, Catch::Contains("program says"));
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) {
      const auto doc = boost::json::parse(line).as_object();  // every line is JSON: nothing came in between
      CHECK(doc.at("histogram").as_object().at("1").to_number<int>() == 2);
    }
  }
  // The text output of a compiled program is its own stream: there the program's prints stay on stdout.
  CHECK_THAT(cli_test::qrt("run " + noisy.path.string() + " --shots 1 --seed 1").out, Catch::Contains("program says"));
}
#endif
