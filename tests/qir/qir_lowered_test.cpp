// The lowered path: a straight-line entry point read into the program model and run as a circuit,
// checked against the JIT path (LoadOptions::force_jit) on the same programs: the same output format,
// the same distributions, seeded runs reproducible on each path; programs that branch or loop keep the
// JIT; errors are the same.
#include "qir_support.hpp"

#include "capi/program_driver.hpp"
#include "capi/qis_gate_table.hpp"

#include <cmath>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <unistd.h>

using namespace qir_test;
using qrt::qir::Program;

namespace {

Program load(const std::filesystem::path& file, bool jit) {
  qrt::qir::LoadOptions options;
  options.force_jit = jit;
  return Program::load(file, options);
}

// A generated program in the temporary folder (removed with the test process's folder).
std::filesystem::path write_program(const std::string& name, const std::string& text) {
  auto dir = std::filesystem::temp_directory_path() / ("qrt-qir-lowered-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  auto path = dir / name;
  std::ofstream(path) << text;
  return path;
}

std::string q(int i) { return i == 0 ? "ptr null" : "ptr inttoptr (i64 " + std::to_string(i) + " to ptr)"; }

// `body` as the entry point of a module declaring whatever it calls (every runtime function a test uses).
std::string module(const std::string& body, int qubits, int results, const std::string& globals = "") {
  std::ostringstream ir;
  ir << globals << "define void @main() #0 {\n" << body << "  ret void\n}\n";
  std::set<std::string> declared;
  std::istringstream lines(body);
  for (std::string line; std::getline(lines, line);) {
    auto at = line.find("@__quantum__");
    if (at == std::string::npos) continue;
    auto open = line.find('(', at);
    std::string name = line.substr(at + 1, open - at - 1);
    if (!declared.insert(name).second) continue;
    // The argument types, read off the call: `double 0.5, ptr null` -> `double, ptr`.
    std::string args = line.substr(open + 1, line.rfind(')') - open - 1), types;
    int depth = 0;
    std::string current;
    auto flush = [&] {
      auto start = current.find_first_not_of(' ');
      if (start == std::string::npos) return;
      std::string word = current.substr(start, current.find(' ', start) - start);
      types += (types.empty() ? "" : ", ") + word;
      current.clear();
    };
    for (char c : args) {
      if (c == '(') ++depth;
      if (c == ')') --depth;
      if (c == ',' && depth == 0) flush();
      else current += c;
    }
    flush();
    std::string ret = line.find("call i1") != std::string::npos ? "i1" : "void";
    ir << "declare " << ret << " @" << name << "(" << types << ")\n";
  }
  ir << "attributes #0 = { \"entry_point\" \"qir_profiles\"=\"base_profile\" \"required_num_qubits\"=\"" << qubits
     << "\" \"required_num_results\"=\"" << results << "\" }\n";
  return ir.str();
}

std::map<std::string, double> histogram(const Program& p, std::uint64_t shots, std::uint64_t seed) {
  qrt::qir::RunOptions options;
  options.shots = shots;
  options.seed = seed;
  std::map<std::string, double> h;
  auto result = qrt::qir::run(p, options);
  REQUIRE(result.shots.size() == shots);
  for (const auto& shot : result.shots) {
    REQUIRE_FALSE(shot.failed);
    h[qrt::qir::outcome_key(shot)] += 1.0 / static_cast<double>(shots);
  }
  return h;
}

// Two samples of `shots` each agree within 5 standard deviations on every outcome's frequency.
void check_same_distribution(const std::map<std::string, double>& a, const std::map<std::string, double>& b,
                             std::uint64_t shots) {
  std::set<std::string> keys;
  for (const auto& [k, f] : a) keys.insert(k);
  for (const auto& [k, f] : b) keys.insert(k);
  for (const auto& key : keys) {
    const double fa = a.count(key) ? a.at(key) : 0.0, fb = b.count(key) ? b.at(key) : 0.0;
    const double p = (fa + fb) / 2;
    const double sigma =
        std::sqrt(std::max(p * (1 - p), 1.0 / static_cast<double>(shots)) * 2.0 / static_cast<double>(shots));
    INFO("outcome " << key << ": lowered " << fa << ", JIT " << fb);
    CHECK(std::abs(fa - fb) <= 5 * sigma);
  }
}

void check_paths_agree(const std::filesystem::path& file, std::uint64_t shots = 2000) {
  INFO(file);
  Program lowered = load(file, false), jit = load(file, true);
  REQUIRE(lowered.lowered());
  REQUIRE_FALSE(jit.lowered());
  CHECK(lowered.compile_seconds() == 0);
  // Seeded runs repeat on each path.
  CHECK(run_text(lowered, 20, 5) == run_text(lowered, 20, 5));
  CHECK(run_text(jit, 20, 5) == run_text(jit, 20, 5));
  check_same_distribution(histogram(lowered, shots, 11), histogram(jit, shots, 12), shots);
}

// Every gate function of the table that qelib1.inc spells, on 3 qubits, between Hadamards so that each
// changes the distribution, measured at the end.
std::string every_gate_body(bool& has_ryy) {
  std::ostringstream body;
  has_ryy = false;
  for (int i = 0; i < 3; ++i) body << "  call void @__quantum__qis__h__body(" << q(i) << ")\n";
  double angle = 0.3;
  for (const auto& gate : qrt::capi::qis_gate_functions()) {
    if (gate.function == "__quantum__qis__ryy__body") {
      has_ryy = true;
      continue;  // qelib1.inc has no ryy: checked apart (it keeps the JIT)
    }
    body << "  call void @" << gate.function << "(";
    for (unsigned a = 0; a < gate.angles; ++a) body << "double " << (angle += 0.37) << ", ";
    for (unsigned k = 0; k < gate.qubits; ++k) body << (k ? ", " : "") << q(static_cast<int>((k + gate.angles) % 3));
    body << ")\n";
    angle += 0.21;
    body << "  call void @__quantum__qis__ry__body(double " << angle << ", " << q(static_cast<int>(angle * 10) % 3)
         << ")\n";
  }
  return body.str();
}

}  // namespace

TEST_CASE("the gate table names functions the runtime provides, with their signatures", "[qir][lowered]") {
  std::map<std::string, std::string> provided;
  for (const auto& f : qrt::capi::program_functions()) provided.emplace(f.name, f.signature);
  for (const auto& gate : qrt::capi::qis_gate_functions()) {
    INFO(gate.function);
    std::string want = "void (";
    for (unsigned a = 0; a < gate.angles + gate.qubits; ++a)
      want += std::string(a ? ", " : "") + (a < gate.angles ? "double" : "ptr");
    want += ")";
    auto range = provided.equal_range(std::string(gate.function));
    REQUIRE(range.first != range.second);
    CHECK(range.first->second == want);
  }
}

TEST_CASE("straight-line programs from other projects take the lowered path and agree with the JIT", "[qir][lowered]") {
  for (const char* name : {"barrier.bc", "random-bit.bc", "pyqir_5_bit_random_number.ll"}) {
    if (!std::filesystem::exists(shared(name))) continue;
    check_paths_agree(shared(name), 1000);
  }
  check_paths_agree(program("bell_base.ll"));
  // Independent expectations: a Bell pair (00 or 11, never mixed), five fair bits.
  auto bell = histogram(load(program("bell_base.ll"), false), 2000, 3);
  CHECK(bell.size() == 2);
  CHECK(std::abs(bell["[0,0]"] - 0.5) < 5 * std::sqrt(0.25 / 2000));
  if (std::filesystem::exists(shared("pyqir_5_bit_random_number.ll"))) {
    auto bits = histogram(load(shared("pyqir_5_bit_random_number.ll"), false), 3200, 4);
    CHECK(bits.size() > 24);
    for (const auto& [key, f] : bits) CHECK(std::abs(f - 1.0 / 32) < 5 * std::sqrt((1.0 / 32) * (31.0 / 32) / 3200));
  }
}

TEST_CASE("every gate the table maps agrees with the JIT, mid-circuit measurement and reset included",
          "[qir][lowered]") {
  bool has_ryy = false;
  std::string gates = every_gate_body(has_ryy);
  std::string terminal = gates;
  for (int i = 0; i < 3; ++i) terminal += "  call void @__quantum__qis__mz__body(" + q(i) + ", " + q(i) + ")\n";
  terminal += "  call void @__quantum__rt__array_record_output(i64 3, ptr null)\n";
  for (int i = 0; i < 3; ++i) terminal += "  call void @__quantum__rt__result_record_output(" + q(i) + ", ptr null)\n";
  check_paths_agree(write_program("every_gate.ll", module(terminal, 3, 3)));

  // Measured mid-circuit (then rotated again), reset after use, mresetz, a result measured twice with a
  // record between: shot by shot on the lowered path.
  std::string dynamic = gates;
  dynamic += "  call void @__quantum__qis__mz__body(" + q(0) + ", " + q(0) + ")\n";
  dynamic += "  call void @__quantum__rt__result_record_output(" + q(0) + ", ptr null)\n";
  dynamic += "  call void @__quantum__qis__rx__body(double 1.1, " + q(0) + ")\n";
  dynamic += "  call void @__quantum__qis__cnot__body(" + q(0) + ", " + q(1) + ")\n";
  dynamic += "  call void @__quantum__qis__mz__body(" + q(0) + ", " + q(0) + ")\n";
  dynamic += "  call void @__quantum__qis__reset__body(" + q(1) + ")\n";
  dynamic += "  call void @__quantum__qis__ry__body(double 0.9, " + q(1) + ")\n";
  dynamic += "  call void @__quantum__qis__mresetz__body(" + q(1) + ", " + q(1) + ")\n";
  dynamic += "  call void @__quantum__qis__h__body(" + q(1) + ")\n";
  dynamic += "  call void @__quantum__qis__mz__body(" + q(1) + ", " + q(2) + ")\n";
  for (int i = 0; i < 3; ++i) dynamic += "  call void @__quantum__rt__result_record_output(" + q(i) + ", ptr null)\n";
  check_paths_agree(write_program("every_gate_dynamic.ll", module(dynamic, 3, 3)));

  if (has_ryy) {  // qelib1.inc has no ryy: such a program keeps the JIT, and says why
    auto file = write_program(
        "ryy.ll", module("  call void @__quantum__qis__ryy__body(double 0.5, " + q(0) + ", " + q(1) + ")\n", 2, 0));
    Program p = load(file, false);
    CHECK_FALSE(p.lowered());
    CHECK_THAT(p.jit_reason(), Catch::Contains("the standard gates have no ryy"));
  }
}

TEST_CASE("records are written as the JIT writes them: every kind, labelled or not", "[qir][lowered]") {
  const std::string globals =
      "@a = internal constant [4 x i8] c\"arr\\00\"\n@r = internal constant [3 x i8] c\"r0\\00\"\n"
      "@e = internal constant [1 x i8] c\"\\00\"\n";
  std::string body;
  body += "  call void @__quantum__rt__initialize(ptr null)\n";
  body += "  call void @__quantum__qis__x__body(" + q(0) + ")\n";
  body += "  call void @__quantum__qis__mz__body(" + q(0) + ", " + q(0) + ")\n";
  body += "  call void @__quantum__rt__result_record_output(" + q(0) + ", ptr @r)\n";  // 1
  body += "  call void @__quantum__qis__x__body(" + q(0) + ")\n";
  body += "  call void @__quantum__qis__mz__body(" + q(0) + ", " + q(0) + ")\n";
  body += "  call void @__quantum__rt__array_record_output(i64 3, ptr @a)\n";
  body += "  call void @__quantum__rt__result_record_output(" + q(0) + ", ptr null)\n";  // 0: measured again
  body += "  call void @__quantum__rt__result_record_output(" + q(5) + ", ptr @e)\n";    // 0: never measured
  body += "  call void @__quantum__rt__tuple_record_output(i64 4, ptr null)\n";
  body += "  call void @__quantum__rt__bool_record_output(i1 true, ptr @r)\n";
  body += "  call void @__quantum__rt__int_record_output(i64 -42, ptr null)\n";
  body += "  call void @__quantum__rt__double_record_output(double 0.1, ptr @a)\n";
  body += "  call void @__quantum__rt__double_record_output(double 3.0, ptr null)\n";
  auto file = write_program("records.ll", module(body, 1, 1, globals));
  Program lowered = load(file, false), jit = load(file, true);
  INFO(lowered.jit_reason());
  REQUIRE(lowered.lowered());
  const std::string text = run_text(lowered, 3, 1);
  CHECK(text == run_text(jit, 3, 1));
  const std::string one =
      "OUTPUT\tRESULT\t1\tr0\nOUTPUT\tARRAY\t3\tarr\nOUTPUT\tRESULT\t0\nOUTPUT\tRESULT\t0\t\n"
      "OUTPUT\tTUPLE\t4\nOUTPUT\tBOOL\ttrue\tr0\nOUTPUT\tINT\t-42\nOUTPUT\tDOUBLE\t0.1\tarr\nOUTPUT\tDOUBLE\t3.0\n";
  CHECK_THAT(text, Catch::Contains(one));
  CHECK_THAT(text, Catch::StartsWith("START\n") && Catch::EndsWith("END\t0\n"));

  // The older record calls without a label.
  auto older = write_program("older_records.ll", module("  call void @__quantum__qis__x__body(" + q(0) +
                                                            ")\n"
                                                            "  call void @__quantum__qis__mz__body(" +
                                                            q(0) + ", " + q(0) +
                                                            ")\n"
                                                            "  call void @__quantum__rt__result_record_output(" +
                                                            q(0) +
                                                            ")\n"
                                                            "  call void @__quantum__rt__int_record_output(i64 7)\n",
                                                        1, 1));
  Program older_lowered = load(older, false);
  CHECK(older_lowered.lowered());
  CHECK(run_text(older_lowered, 2, 1) == run_text(load(older, true), 2, 1));
  CHECK_THAT(run_text(older_lowered, 1, 1), Catch::Contains("OUTPUT\tRESULT\t1\nOUTPUT\tINT\t7\n"));
}

TEST_CASE("more measurements than an OpenQASM register may hold by default still run as a circuit", "[qir][lowered]") {
  std::string body = "  call void @__quantum__qis__x__body(" + q(0) + ")\n";
  for (int k = 0; k < 70000; ++k) body += "  call void @__quantum__qis__mz__body(" + q(0) + ", " + q(k % 2) + ")\n";
  body += "  call void @__quantum__rt__result_record_output(" + q(0) + ", ptr null)\n";
  body += "  call void @__quantum__rt__result_record_output(" + q(1) + ", ptr null)\n";
  Program p = load(write_program("many_measurements.ll", module(body, 1, 2)), false);
  CHECK(p.lowered());
  CHECK(histogram(p, 2, 1) == std::map<std::string, double>{{"1,1", 1.0}});
}

TEST_CASE("typed-pointer IR (LLVM 14 and older) is read as circuits too", "[qir][lowered]") {
  const std::string typed =
      "%Qubit = type opaque\n%Result = type opaque\n@lbl = internal constant [3 x i8] c\"ab\\00\"\n"
      "define void @main() #0 {\nentry:\n"
      "  call void @__quantum__qis__h__body(%Qubit* null)\n"
      "  call void @__quantum__qis__cnot__body(%Qubit* null, %Qubit* inttoptr (i64 1 to %Qubit*))\n"
      "  call void @__quantum__qis__mz__body(%Qubit* null, %Result* null)\n"
      "  call void @__quantum__qis__mz__body(%Qubit* inttoptr (i64 1 to %Qubit*), %Result* inttoptr (i64 1 to "
      "%Result*))\n"
      "  call void @__quantum__rt__tuple_record_output(i64 2, i8* getelementptr inbounds ([3 x i8], [3 x i8]* @lbl, "
      "i32 0, i32 0))\n"
      "  call void @__quantum__rt__result_record_output(%Result* null, i8* null)\n"
      "  call void @__quantum__rt__result_record_output(%Result* inttoptr (i64 1 to %Result*), i8* null)\n"
      "  ret void\n}\n"
      "declare void @__quantum__qis__h__body(%Qubit*)\ndeclare void @__quantum__qis__cnot__body(%Qubit*, %Qubit*)\n"
      "declare void @__quantum__qis__mz__body(%Qubit*, %Result*)\ndeclare void "
      "@__quantum__rt__tuple_record_output(i64, i8*)\n"
      "declare void @__quantum__rt__result_record_output(%Result*, i8*)\n"
      "attributes #0 = { \"entry_point\" \"required_num_qubits\"=\"2\" \"required_num_results\"=\"2\" }\n";
  auto file = write_program("typed_bell.ll", typed);
  check_paths_agree(file);
  auto h = histogram(load(file, false), 500, 9);
  for (const auto& [key, f] : h) CHECK((key == "(0,0)" || key == "(1,1)"));
  CHECK_THAT(run_text(load(file, false), 1, 1), Catch::Contains("OUTPUT\tTUPLE\t2\tab\n"));
}

TEST_CASE("programs that branch on a result or loop keep the JIT and run correctly", "[qir][lowered]") {
  Program feedback = load(program("feedback_typed.ll"), false);
  CHECK_FALSE(feedback.lowered());
  CHECK_THAT(feedback.jit_reason(), Catch::Contains("read_result"));
  for (const auto& [key, f] : histogram(feedback, 200, 2)) CHECK((key == "(0,0)" || key == "(1,1)"));

  // x applied three times by a loop: the result is 1.
  const std::string loop =
      "define void @main() #0 {\nentry:\n  br label %loop\nloop:\n  %i = phi i64 [ 0, %entry ], [ %n, %loop ]\n"
      "  call void @__quantum__qis__x__body(ptr null)\n  %n = add i64 %i, 1\n  %c = icmp ult i64 %n, 3\n"
      "  br i1 %c, label %loop, label %done\ndone:\n  call void @__quantum__qis__mz__body(ptr null, ptr null)\n"
      "  call void @__quantum__rt__result_record_output(ptr null, ptr null)\n  ret void\n}\n"
      "declare void @__quantum__qis__x__body(ptr)\ndeclare void @__quantum__qis__mz__body(ptr, ptr)\n"
      "declare void @__quantum__rt__result_record_output(ptr, ptr)\n"
      "attributes #0 = { \"entry_point\" \"required_num_qubits\"=\"1\" \"required_num_results\"=\"1\" }\n";
  Program looping = load(write_program("loop.ll", loop), false);
  CHECK_FALSE(looping.lowered());
  CHECK(histogram(looping, 5, 1) == std::map<std::string, double>{{"1", 1.0}});

  // A chain of unconditional branches is still straight-line; a block reached twice is not.
  const std::string chain =
      "define void @main() #0 {\nentry:\n  call void @__quantum__qis__x__body(ptr null)\n  br label %next\n"
      "next:\n  call void @__quantum__qis__mz__body(ptr null, ptr null)\n"
      "  call void @__quantum__rt__result_record_output(ptr null, ptr null)\n  ret void\n}\n"
      "declare void @__quantum__qis__x__body(ptr)\ndeclare void @__quantum__qis__mz__body(ptr, ptr)\n"
      "declare void @__quantum__rt__result_record_output(ptr, ptr)\n"
      "attributes #0 = { \"entry_point\" \"required_num_qubits\"=\"1\" \"required_num_results\"=\"1\" }\n";
  Program chained = load(write_program("chain.ll", chain), false);
  CHECK(chained.lowered());
  CHECK(histogram(chained, 5, 1) == std::map<std::string, double>{{"1", 1.0}});

  for (const char* name :
       {"teleportation.ll", "pyqir_if_then_else_continue.ll", "pyqir_bell_qir_measure.bc", "pyqir_hello.bc"}) {
    if (!std::filesystem::exists(shared(name))) continue;
    INFO(name);
    Program p = load(shared(name), false);
    CHECK_FALSE(p.lowered());
    CHECK_FALSE(p.jit_reason().empty());
  }
}

TEST_CASE("the lowered path fails as the JIT path does", "[qir][lowered][errors]") {
  // A qubit beyond required_num_qubits is the runtime's to judge: the JIT path, with its message.
  Program beyond = load(program("beyond_limit.ll"), false);
  CHECK_FALSE(beyond.lowered());
  // More qubits declared than the device has: the same failed shot on both paths.
  auto file = write_program("too_wide.ll", module("  call void @__quantum__qis__h__body(" + q(0) + ")\n", 41, 0));
  for (bool jit : {false, true}) {
    Program p = load(file, jit);
    CHECK(p.lowered() == !jit);
    qrt::qir::RunOptions options;
    options.shots = 3;
    auto result = qrt::qir::run(p, options);
    REQUIRE(result.shots.size() == 1);
    CHECK(result.failed());
    CHECK_THAT(result.shots[0].error, Catch::Contains("qubit id 40 is beyond statevector.qubit's limit of 40 qubits"));
    options.stop_on_failure = false;  // then every shot fails alike
    auto all = qrt::qir::run(p, options);
    REQUIRE(all.shots.size() == 3);
    for (const auto& shot : all.shots) CHECK(shot.failed);
  }
  // A gate the device cannot apply: the same message, naming the QIS function.
  auto rotation =
      write_program("rotation.ll", module("  call void @__quantum__qis__rx__body(double 0.25, " + q(0) + ")\n", 1, 0));
  std::string messages[2];
  for (bool jit : {false, true}) {
    qrt::qir::RunOptions options;
    options.device = "stabilizer.qubit";
    auto result = qrt::qir::run(load(rotation, jit), options);
    REQUIRE(result.failed());
    messages[jit] = result.shots.back().error;
  }
  CHECK_THAT(messages[0],
             Catch::StartsWith("__quantum__qis__rx__body: stabilizer.qubit: ") && Catch::Contains("not a Clifford"));
  CHECK(messages[0] == messages[1]);
  // An unknown device throws on both paths.
  for (bool jit : {false, true}) {
    qrt::qir::RunOptions options;
    options.device = "no.such.device";
    CHECK_THROWS_AS(qrt::qir::run(load(program("bell_base.ll"), jit), options), qrt::Error);
  }
}

TEST_CASE("a watched lowered run counts the circuit's operations once and stops between shots", "[qir][lowered]") {
  Program p = load(program("bell_base.ll"), false);
  qrt::qir::RunOptions options;
  options.shots = 5;
  options.seed = 1;
  qrt::ExecutionProgress progress;
  options.progress = &progress;
  REQUIRE(qrt::qir::run(p, options).shots.size() == 5);
  CHECK(progress.total() == 4);  // h, cnot, two measurements: simulated once, sampled 5 times
  CHECK(progress.shots_done() == 5);
  qrt::ExecutionProgress stopping;
  options.progress = &stopping;
  std::vector<std::uint64_t> reported;
  options.on_shot = [&](std::uint64_t k, const qrt::qir::ShotOutput&) {
    reported.push_back(k);
    if (k == 1) stopping.request_stop();
  };
  CHECK_THROWS_WITH(qrt::qir::run(p, options), Catch::Contains("stopped in shot 3 of 5"));
  CHECK(reported == std::vector<std::uint64_t>{0, 1});
}

TEST_CASE("qrt run reports the path, and --jit or QRT_QIR_JIT forces the JIT", "[qir][lowered][cli]") {
  const std::string bell = quoted(program("bell_base.ll"));
  auto lowered = qrt_cli("run " + bell + " --shots 4 --seed 2 -o json");
  REQUIRE(lowered.status == 0);
  CHECK_THAT(lowered.out, Catch::Contains("\"path\":\"lowered\""));
  auto forced = qrt_cli("run " + bell + " --shots 4 --seed 2 -o json --jit");
  REQUIRE(forced.status == 0);
  CHECK_THAT(forced.out, Catch::Contains("\"path\":\"jit\""));
  auto by_env = qrt_cli("run " + bell + " --shots 4 --seed 2 -o json");
  setenv("QRT_QIR_JIT", "1", 1);
  auto env_forced = qrt_cli("run " + bell + " --shots 4 --seed 2 -o json");
  unsetenv("QRT_QIR_JIT");
  CHECK_THAT(env_forced.out, Catch::Contains("\"path\":\"jit\""));
  CHECK_THAT(by_env.out, Catch::Contains("\"path\":\"lowered\""));
  // Text output: the same lines on both paths for a program whose outcome is certain.
  auto file = write_program("certain.ll", module("  call void @__quantum__qis__x__body(" + q(1) +
                                                     ")\n"
                                                     "  call void @__quantum__qis__mz__body(" +
                                                     q(1) + ", " + q(0) +
                                                     ")\n"
                                                     "  call void @__quantum__rt__result_record_output(" +
                                                     q(0) + ", ptr null)\n",
                                                 2, 1));
  auto text = qrt_cli("run " + quoted(file) + " --shots 2 --seed 1");
  auto text_jit = qrt_cli("run " + quoted(file) + " --shots 2 --seed 1 --jit");
  CHECK(text.status == 0);
  CHECK(text.out == text_jit.out);
  CHECK_THAT(text.out, Catch::Contains("OUTPUT\tRESULT\t1\n"));
  CHECK(qrt_cli("run " + quoted(file) + " --jit --shots 1").status == 0);
}
