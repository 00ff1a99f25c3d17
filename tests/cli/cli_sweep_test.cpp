// A new user's first hour (issue 27): every command says what it did. Output that cannot be written
// fails, options a run cannot honour are refused, numbers are checked as typed, results report the shots
// and seed they used, and the exit statuses are those of host/cli/exit_status.hpp.
#include "cli_support.hpp"

#include <boost/json.hpp>
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <string>

using Catch::Contains;
using cli_test::qrt;
using cli_test::TempProgram;

namespace {

// The statuses as the README's table states them, written out here (not taken from exit_status.hpp) so
// that a change to the code shows up as a failing test.
constexpr int kOk = 0, kError = 1, kUsage = 64;

const std::string kGhz = std::string(QRT_TEST_EXAMPLES_DIR) + "/ghz.qasm";

boost::json::object json_of(const cli_test::Outcome& r) {
  INFO("stdout: " << r.out << "\nstderr: " << r.err);
  REQUIRE(r.exit_code == kOk);
  return boost::json::parse(r.out).as_object();
}

// `qrt ARGS > /dev/full`: exit status and stderr.
cli_test::Outcome to_full_disk(const std::string& args) {
  const auto err = std::filesystem::temp_directory_path() / ("qrt_cli_sweep_full_" + std::to_string(::getpid()));
  const std::string shell =
      "QRT_PLUGIN_PATH= " + std::string(QRT_TEST_CLI) + " " + args + " >/dev/full 2>" + err.string();
  const int status = std::system(shell.c_str());
  cli_test::Outcome o{WIFEXITED(status) ? WEXITSTATUS(status) : -1, "", cli_test::slurp(err)};
  std::filesystem::remove(err);
  return o;
}

// Bell pair, both qubits measured and recorded: QIR as LLVM IR text.
const char* kBellQir = R"(define void @main() #0 {
entry:
  call void @__quantum__qis__h__body(ptr null)
  call void @__quantum__qis__cnot__body(ptr null, ptr inttoptr (i64 1 to ptr))
  call void @__quantum__qis__mz__body(ptr null, ptr null)
  call void @__quantum__qis__mz__body(ptr inttoptr (i64 1 to ptr), ptr inttoptr (i64 1 to ptr))
  call void @__quantum__rt__result_record_output(ptr null, ptr null)
  call void @__quantum__rt__result_record_output(ptr inttoptr (i64 1 to ptr), ptr null)
  ret void
}
declare void @__quantum__qis__h__body(ptr)
declare void @__quantum__qis__cnot__body(ptr, ptr)
declare void @__quantum__qis__mz__body(ptr, ptr)
declare void @__quantum__rt__result_record_output(ptr, ptr)
attributes #0 = { "entry_point" "required_num_qubits"="2" "required_num_results"="2" }
)";

}  // namespace

TEST_CASE("output that cannot be written exits 1 for every command", "[cli][sweep]") {
  if (!std::filesystem::exists("/dev/full")) {
    WARN("skipped: no /dev/full on this system");
    return;
  }
  std::vector<std::string> commands = {
      "devices",     "devices --json",
      "run " + kGhz, "run " + kGhz + " -o json",
      "--help",      "check-plugin " + std::string(QRT_TEST_PLUGIN_DIR) + "/qrt_null_qubit.so"};
#ifdef QRT_TEST_HAVE_QIR
  const TempProgram bell(kBellQir, ".ll");
  commands.push_back("run " + bell.path.string() + " --seed 1");
  commands.push_back("run " + bell.path.string() + " --seed 1 -o json");
#endif
  for (const std::string& command : commands) {
    INFO(command);
    const cli_test::Outcome o = to_full_disk(command);
    CHECK(o.exit_code == kError);
    CHECK_THAT(o.err, Contains("writing the output failed"));
  }
}

TEST_CASE("negative, malformed and overflowing numbers are usage errors, before any output", "[cli][sweep]") {
  struct Case {
    std::string args, says;
  };
  for (const Case& c : {Case{"run " + kGhz + " --shots -1", "--shots: expected a whole number >= 0, got '-1'"},
                        Case{"run " + kGhz + " --seed -5", "expected a whole number >= 0, got '-5'"},
                        Case{"run " + kGhz + " --top -1", "got '-1'"},
                        Case{"run " + kGhz + " --top 18446744073709551616", "is too large"},
                        Case{"run " + kGhz + " --shots 1e3", "got '1e3'"},
                        Case{"run " + kGhz + " --timeout 0", "expected a number of seconds > 0, got 0"},
                        Case{"batch " + kGhz + " -j 0", "expected a whole number >= 1, got 0"},
                        Case{"batch " + kGhz + " --shots -3", "got '-3'"}}) {
    INFO(c.args);
    const cli_test::Outcome o = qrt(c.args);
    CHECK(o.exit_code == kUsage);
    CHECK(o.out.empty());
    CHECK_THAT(o.err, Contains("qrt: error: ") && Contains(c.says));
    CHECK(o.err.find("1797693134862315708") == std::string::npos);  // not CLI11's range of doubles
  }
}

TEST_CASE("a --top beyond 2^n lists every state, in JSON and in the table", "[cli][sweep]") {
  const auto doc = json_of(qrt("run " + kGhz + " --probs --top 99999999999999 -o json"));
  CHECK(doc.at("probabilities").as_object().size() == 2);
  CHECK(doc.at("probabilities_top").at("kept").to_number<std::int64_t>() == 2);
  const cli_test::Outcome table = qrt("run " + kGhz + " --probs --top 18446744073709551615");
  CHECK(table.exit_code == kOk);
  CHECK_THAT(table.out, Contains("2 largest of 2 nonzero"));
}

TEST_CASE("results report the shots and the seed the run used, the seed reproduces an unseeded run", "[cli][sweep]") {
  auto doc = json_of(qrt("run " + kGhz + " --shots 100 --seed 42 -o json"));
  CHECK(doc.at("shots").to_number<std::int64_t>() == 100);
  CHECK(doc.at("seed").to_number<std::uint64_t>() == 42);
  CHECK(doc.at("config").at("shots").to_number<std::int64_t>() == 100);
  CHECK(doc.at("config").at("seed").to_number<std::uint64_t>() == 42);
  const cli_test::Outcome table = qrt("run " + kGhz + " --shots 100 --seed 42");
  CHECK_THAT(table.out, Contains("\"shots\":100") && Contains("\"seed\":42"));

  // A device's own seed is the one used and reported.
  doc = json_of(qrt("run " + kGhz + " -d statevector.qubit:shots=50,seed=9 -o json"));
  CHECK(doc.at("seed").to_number<std::uint64_t>() == 9);
  CHECK(doc.at("shots").to_number<std::int64_t>() == 50);

  // Unseeded: a seed is chosen, reported, and gives the same counts again.
  const auto first = json_of(qrt("run " + kGhz + " --shots 200 -o json"));
  const std::uint64_t seed = first.at("seed").to_number<std::uint64_t>();
  const auto again = json_of(qrt("run " + kGhz + " --shots 200 -o json --seed " + std::to_string(seed)));
  CHECK(again.at("counts") == first.at("counts"));

  // batch: the base seed in the summary reproduces every line.
  const cli_test::Outcome batch = qrt("batch " + kGhz + " " + kGhz + " --shots 100 -o json --no-progress");
  REQUIRE(batch.exit_code == kOk);
  const auto whole = boost::json::parse(batch.out).as_object();
  const std::uint64_t base = whole.at("summary").at("seed").to_number<std::uint64_t>();
  const cli_test::Outcome repeat =
      qrt("batch " + kGhz + " " + kGhz + " --shots 100 -o json --no-progress --seed " + std::to_string(base));
  REQUIRE(repeat.exit_code == kOk);
  const auto repeated = boost::json::parse(repeat.out).as_object();
  for (std::size_t i = 0; i < 2; ++i) {
    CHECK(repeated.at("results").at(i).at("counts") == whole.at("results").at(i).at("counts"));
    CHECK(repeated.at("results").at(i).at("seed") == whole.at("results").at(i).at("seed"));
  }
}

#ifdef QRT_TEST_HAVE_QIR
TEST_CASE("QIR runs refuse the options of OpenQASM runs, take the device's shots and report the seed",
          "[cli][sweep][qir]") {
  const TempProgram bell(kBellQir, ".ll");
  const std::string run = "run " + bell.path.string() + " ";
  for (const char* option : {"--probs", "--state", "--expval ZZ", "--top 2", "--shots 0"}) {
    INFO(option);
    const cli_test::Outcome o = qrt(run + std::string(option));
    CHECK(o.exit_code == kUsage);
    CHECK(o.out.empty());
    CHECK_THAT(o.err, Contains("qrt: error: ") && Contains("is QIR"));
  }
  auto doc = json_of(qrt(run + "-d statevector.qubit:shots=3 --seed 5 -o json"));
  CHECK(doc.at("shots").to_number<std::int64_t>() == 3);
  CHECK(doc.at("results").as_array().size() == 3);
  CHECK(doc.at("seed").to_number<std::uint64_t>() == 5);
  // Unseeded: the seed used is reported and repeats the shots.
  const auto first = json_of(qrt(run + "--shots 20 -o json"));
  const auto again =
      json_of(qrt(run + "--shots 20 -o json --seed " + std::to_string(first.at("seed").to_number<std::uint64_t>())));
  CHECK(again.at("histogram") == first.at("histogram"));
  const cli_test::Outcome table = qrt(run + "--shots 2");
  CHECK(table.exit_code == kOk);
  CHECK_THAT(table.err, Contains("qrt: seed "));
}

TEST_CASE("qrt batch keeps a QIR program's messages and takes the device's shots", "[cli][sweep][qir]") {
  const TempProgram hello(R"(@msg = internal constant [3 x i8] c"hi\00"
define void @main() #0 {
entry:
  %s = call ptr @__quantum__rt__string_create(ptr @msg)
  call void @__quantum__rt__message(ptr %s)
  call void @__quantum__rt__string_update_reference_count(ptr %s, i32 -1)
  ret void
}
declare ptr @__quantum__rt__string_create(ptr)
declare void @__quantum__rt__message(ptr)
declare void @__quantum__rt__string_update_reference_count(ptr, i32)
attributes #0 = { "entry_point" "required_num_qubits"="0" "required_num_results"="0" }
)",
                          ".ll");
  const cli_test::Outcome o = qrt("batch " + hello.path.string() + " -d statevector.qubit:shots=2 --no-progress");
  INFO(o.err);
  REQUIRE(o.exit_code == kOk);
  const auto line = boost::json::parse(o.out).as_object();
  CHECK(line.at("shots").to_number<std::int64_t>() == 2);
  CHECK(line.at("messages") == boost::json::array{"hi", "hi"});
}
#endif

TEST_CASE("stabilizer.qubit runs rotations by multiples of pi/2 and refuses other angles", "[cli][sweep]") {
  // rz(pi/2) = S up to phase, sx, rx(pi/2), u1(pi) = Z, u2(0,pi) = H, u3(pi,0,pi) = X: a Clifford circuit
  // as a transpiler writes it. Its final state: H then S on q0 gives |0>+i|1>; CX copies; x on q1 etc.
  const TempProgram transpiled(
      "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[2];\ncreg c[2];\n"
      "u2(0,pi) q[0];\nrz(pi/2) q[0];\nrz(-pi/2) q[0];\ncx q[0],q[1];\nsx q[1];\nsxdg q[1];\nrx(pi) q[1];\nrx(-pi) "
      "q[1];\n"
      "u1(pi) q[0];\nu1(pi) q[0];\nu3(pi,0,pi) q[0];\nu3(pi,0,pi) q[0];\nry(2*pi) q[0];\np(3*pi/2) q[1];\np(pi/2) "
      "q[1];\n"
      "measure q -> c;\n");
  // Every gate after the cx pairs up to the identity (ry(2 pi) = -I): the Bell pair's 00 and 11 remain.
  const cli_test::Outcome o =
      qrt("run " + transpiled.path.string() + " -d stabilizer.qubit --shots 400 --seed 3 -o json");
  INFO(o.err);
  REQUIRE(o.exit_code == kOk);
  const auto counts = boost::json::parse(o.out).at("counts").as_object();
  CHECK(counts.size() == 2);
  CHECK(counts.at("00").to_number<std::int64_t>() + counts.at("11").to_number<std::int64_t>() == 400);

  // The same circuit on statevector.qubit gives the same probabilities.
  const TempProgram clifford(
      "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[2];\nrx(pi/2) q[0];\nrz(pi/2) q[1];\nh q[1];\n");
  for (const char* device : {"stabilizer.qubit", "statevector.qubit"}) {
    INFO(device);
    const auto doc = json_of(
        qrt("run " + clifford.path.string() + " --expval ZI --expval IY --expval IZ -d " + device + " -o json"));
    CHECK(doc.at("expvals").at("IZ").to_number<double>() == Approx(0).margin(1e-12));   // rx(pi/2)|0>: <Z> = 0
    CHECK(doc.at("expvals").at("IY").to_number<double>() == Approx(-1).margin(1e-12));  // -Y eigenstate
    CHECK(doc.at("expvals").at("ZI").to_number<double>() == Approx(0).margin(1e-12));   // H S|0>... |+> basis: <Z> = 0
  }

  const TempProgram t_like("OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[1];\nrz(pi/4) q[0];\n");
  const cli_test::Outcome refused = qrt("run " + t_like.path.string() + " -d stabilizer.qubit");
  CHECK(refused.exit_code == kError);
  CHECK_THAT(refused.err, Contains("is not a Clifford operation") && Contains("multiples of pi/2"));
}

TEST_CASE("an empty OpenQASM file is an error, not a 0-qubit success", "[cli][sweep]") {
  for (const char* text : {"", "\n  \n", "// nothing but a comment\n"}) {
    const TempProgram empty(text);
    const cli_test::Outcome o = qrt("run " + empty.path.string());
    CHECK(o.exit_code == kError);
    CHECK_THAT(o.err, Contains("the program is empty"));
    CHECK(o.out.empty());
  }
}

TEST_CASE("the --state table follows the --probs rules: the largest 16 by default, saying what it leaves out",
          "[cli][sweep]") {
  std::string uniform = "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[6];\nh q;\n";
  const TempProgram program(uniform);
  cli_test::Outcome o = qrt("run " + program.path.string() + " --state");
  REQUIRE(o.exit_code == kOk);
  CHECK_THAT(o.out, Contains("the 16 most likely of 64 nonzero amplitudes") && Contains("--top 0 lists all"));
  CHECK_THAT(o.out, Contains("+0.1250000000 +0.0000000000i"));
  o = qrt("run " + program.path.string() + " --state --top 3");
  CHECK_THAT(o.out, Contains("the 3 most likely of 64"));
  o = qrt("run " + program.path.string() + " --state --top 0");
  CHECK_THAT(o.out, Contains("the 64 most likely of 64"));
  CHECK(o.out.find("not shown") == std::string::npos);
}

TEST_CASE("every exit status of the table, each from a command that gives it", "[cli][sweep]") {
  CHECK(qrt("run " + kGhz).exit_code == kOk);
  CHECK(qrt("").exit_code == kOk);  // bare qrt: the help
  CHECK(qrt("run /nonexistent/x.qasm").exit_code == kUsage);
  const TempProgram bad("OPENQASM 2.0;\nqreg q[1];\nfoo q[0];\n");
  CHECK(qrt("run " + bad.path.string()).exit_code == kError);
  CHECK(qrt("run " + kGhz + " -d no.such.device").exit_code == kError);
  for (const std::string& args : std::vector<std::string>{
           "run " + kGhz + " --no-such-option", "run " + kGhz + " extra", "run " + kGhz + " -o xml", std::string("run"),
           "run " + kGhz + " --shots x", "devcies", "run " + kGhz + " --progress --no-progress"}) {
    INFO(args);
    const cli_test::Outcome o = qrt(args);
    CHECK(o.exit_code == kUsage);
    CHECK(o.err.rfind("qrt: error: ", 0) == 0);
    CHECK_THAT(o.err, Contains("--help"));
  }
  // 2 (internal error), 124 (--timeout) and 130 (Ctrl-C) are tested where they arise: cli_progress_test
  // (130, QIR 124) and the isolation tests.
}

TEST_CASE("a misspelt command suggests the nearest one, bare qrt prints the help", "[cli][sweep]") {
  cli_test::Outcome o = qrt("devcies");
  CHECK(o.exit_code == kUsage);
  CHECK_THAT(o.err, Contains("qrt: error: unknown command 'devcies'; did you mean 'devices'?"));
  o = qrt("rn " + kGhz);
  CHECK_THAT(o.err, Contains("unknown command 'rn'; did you mean 'run'?"));
  o = qrt("");
  CHECK(o.exit_code == kOk);
  CHECK_THAT(o.out, Contains("Subcommands:") && Contains("devices") && Contains("batch"));
}

TEST_CASE("unexpected words are listed in the order they were typed", "[cli][sweep]") {
  cli_test::Outcome o = qrt("run " + kGhz + " --pool-max-inactive 1");
  CHECK(o.exit_code == kUsage);
  CHECK_THAT(o.err, Contains("qrt: error: unexpected arguments: --pool-max-inactive 1\n") &&
                        Contains("Run 'qrt run --help' for the options."));
  o = qrt("devices extra");
  CHECK(o.exit_code == kUsage);
  CHECK_THAT(o.err, Contains("qrt: error: unexpected argument: extra\n"));
}

TEST_CASE("config errors speak the user's terms: JSON position, plain numbers, --precision", "[cli][sweep]") {
  cli_test::Outcome o = qrt("run " + kGhz + " -d '{\"device\": \"statevector.qubit\", \"kwargs\": {\"shots\": 1,}}'");
  CHECK(o.exit_code == kError);
  CHECK_THAT(o.err, Contains("config JSON is malformed at column 55"));
  CHECK(o.err.find("boost") == std::string::npos);
  o = qrt("run " + kGhz + " -d statevector.qubit:shots=1.5");
  CHECK_THAT(o.err, Contains("got float 1.5"));
  o = qrt("run " + kGhz + " -d statevector.qubit:shots=-1");
  CHECK_THAT(o.err, Contains(">= 0, got -1"));
  o = qrt("run " + kGhz + " -d statevector.qubit:seed=18446744073709551615");
  CHECK_THAT(o.err,
             Contains("expects an int from -9223372036854775808 to 9223372036854775807, got int 18446744073709551615"));
  o = qrt("run " + kGhz + " --precision single -d stabilizer.qubit");
  CHECK(o.exit_code == kUsage);
  CHECK_THAT(o.err, Contains("--precision applies to devices with a precision setting") &&
                        Contains("stabilizer.qubit has none"));
  o = qrt("run " + kGhz + " --precision single -d statevector.qubit:precision=double");
  CHECK(o.exit_code == kUsage);
  CHECK_THAT(o.err, Contains("give one of them"));
}

TEST_CASE("qrt run takes --param, reports unbound and unused parameters, and reads standard input", "[cli][sweep]") {
  const TempProgram swept("OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[1];\nrx(theta) q[0];\n");
  auto doc = json_of(qrt("run " + swept.path.string() + " --param theta=pi --probs -o json"));
  CHECK(doc.at("probabilities").at("1").to_number<double>() == Approx(1.0).margin(1e-12));
  cli_test::Outcome o = qrt("run " + swept.path.string());
  CHECK(o.exit_code == kError);
  CHECK_THAT(o.err, Contains("--param theta=VALUE"));
  o = qrt("run " + swept.path.string() + " --param thetx=1");
  CHECK(o.exit_code == kUsage);
  CHECK_THAT(o.err, Contains("--param thetx: no program uses a parameter 'thetx'; did you mean 'theta'?"));
  o = qrt("batch " + swept.path.string() + " --param thetx=1,2 --no-progress");
  CHECK(o.exit_code == kUsage);
  CHECK_THAT(o.err, Contains("did you mean 'theta'?"));
  // A name the file mentions that is not a free parameter (a register) binds nothing: refused too.
  o = qrt("run " + swept.path.string() + " --param theta=1 --param q=1");
  CHECK(o.exit_code == kError);
  CHECK_THAT(o.err, Contains("error: parameter 'q' is not a free parameter of the program (its free parameters: "
                             "'theta')"));

  o = qrt("run - --probs -o json < " + kGhz);
  INFO(o.err);
  REQUIRE(o.exit_code == kOk);
  doc = boost::json::parse(o.out).as_object();
  CHECK(doc.at("circuit").at("file").as_string() == "<stdin>");
  CHECK(doc.at("probabilities").at("1111").to_number<double>() == Approx(0.5).margin(1e-12));
}

TEST_CASE("Pauli words in any case, dense or sparse", "[cli][sweep]") {
  const auto doc =
      json_of(qrt("run " + kGhz + " --expval zzzz --expval 'Z0 Z3' --expval 'x0*x1*x2*x3' --expval Z1 -o json"));
  const auto& ev = doc.at("expvals").as_object();
  CHECK(ev.at("zzzz").to_number<double>() == Approx(1).margin(1e-12));
  CHECK(ev.at("Z0 Z3").to_number<double>() == Approx(1).margin(1e-12));
  CHECK(ev.at("x0*x1*x2*x3").to_number<double>() == Approx(1).margin(1e-12));
  CHECK(ev.at("Z1").to_number<double>() == Approx(0).margin(1e-12));
  for (const auto& [word, says] :
       std::vector<std::pair<std::string, std::string>>{{"Z4", "qubit 4 is out of range; the circuit has 4 qubits"},
                                                        {"'Z0 Z0'", "qubit 0 is named twice"},
                                                        {"Z", "has 1 letter; the circuit has 4 qubits"},
                                                        {"Q0", "expected one of I, X, Y, Z"}}) {
    INFO(word);
    const cli_test::Outcome o = qrt("run " + kGhz + " --expval " + word);
    CHECK(o.exit_code == kError);
    CHECK_THAT(o.err, Contains(says));
  }
}

TEST_CASE("batch JSON writes numbers as run does", "[cli][sweep]") {
  const TempProgram uniform("OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[4];\nh q;\n");
  const cli_test::Outcome o = qrt("batch " + uniform.path.string() + " --no-progress");
  REQUIRE(o.exit_code == kOk);
  CHECK_THAT(o.out, Contains("\"0000\":0.0625"));
  CHECK(o.out.find("E-") == std::string::npos);
  CHECK_THAT(o.err, Contains("1 program in") && Contains("worker"));
}

TEST_CASE("a device without reset says which operation needs it and what the device offers", "[cli][sweep]") {
  const std::string offers =
      "template.qubit cannot reset a qubit: it does not offer \"reset\" (its measurements: "
      "probs, sample, counts, state, measure)";
  const TempProgram explicit_reset(
      "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[1];\ncreg c[1];\nh q[0];\n"
      "reset q[0];\nmeasure q[0] -> c[0];\n");
  cli_test::Outcome o = qrt("run " + explicit_reset.path.string() + " -d template.qubit --shots 4");
  CHECK(o.exit_code == kError);
  CHECK_THAT(o.err, Contains(explicit_reset.path.string() + ":6:1: error: " + offers));
  CHECK(o.err.find("reset_wire") == std::string::npos);

  // No reset in the program: the one between shots of a circuit that measures mid-circuit.
  const TempProgram mid_circuit(
      "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[1];\ncreg c[2];\nh q[0];\n"
      "measure q[0] -> c[0];\nx q[0];\nmeasure q[0] -> c[1];\n");
  o = qrt("run " + mid_circuit.path.string() + " -d template.qubit --shots 4");
  CHECK(o.exit_code == kError);
  CHECK_THAT(o.err, Contains(offers) && Contains("measures mid-circuit or uses `if`, so it runs shot by shot") &&
                        Contains("each shot ends by resetting every qubit to |0>"));
  CHECK(o.err.find("reset_wire") == std::string::npos);
}

TEST_CASE("OpenQASM diagnostics: binary bytes escaped, a BOM named, a missing semicolon on its own line",
          "[cli][sweep]") {
  const TempProgram binary(
      std::string("\x7F"
                  "ELF\x02\x01\x01\x00\x1B[2J\n",
                  13));
  cli_test::Outcome o = qrt("run " + binary.path.string());
  CHECK(o.exit_code == kError);
  CHECK_THAT(o.err, Contains(":1:1: error: unexpected byte 0x7F") && Contains("\\x7FELF\\x02\\x01\\x01\\x00\\x1B[2J"));
  CHECK(o.err.find('\x1B') == std::string::npos);
  CHECK(o.err.find('\0') == std::string::npos);

  const TempProgram bom("\xEF\xBB\xBFOPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[1];\nh q[0];\n");
  o = qrt("run " + bom.path.string());
  CHECK(o.exit_code == kError);
  CHECK_THAT(o.err, Contains(":1:1: error: the file starts with a UTF-8 byte order mark (bytes EF BB BF)") &&
                        Contains("\\xEF\\xBB\\xBFOPENQASM 2.0;"));

  const TempProgram no_semicolon("OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[2];\nh q[0]\ncx q[0],q[1];\n");
  o = qrt("run " + no_semicolon.path.string());
  CHECK(o.exit_code == kError);
  CHECK_THAT(o.err, Contains(":4:7: error: expected ';' after the gate arguments, before identifier 'cx' on line 5\n"
                             "  h q[0]\n        ^"));
}

TEST_CASE("qrt run --timeout ends an OpenQASM run that takes too long with status 124, as for QIR", "[cli][sweep]") {
  // 300 layers of rotations and a CNOT chain on 22 qubits, which no fusion shortens: seconds (5.4 s
  // measured), far longer than the limit.
  std::string layer = "rx(0.1) q;\n";
  for (int i = 0; i + 1 < 22; ++i) layer += "cx q[" + std::to_string(i) + "],q[" + std::to_string(i + 1) + "];\n";
  std::string slow = "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[22];\n";
  for (int i = 0; i < 300; ++i) slow += layer;
  const TempProgram program(slow);
  for (const std::string isolation : {"", " --isolate"}) {
    INFO(isolation);
    const auto start = std::chrono::steady_clock::now();
    const cli_test::Outcome o = qrt("run " + program.path.string() + " --timeout 0.5 --no-progress" + isolation);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(o.exit_code == 124);
    CHECK_THAT(o.err, Contains(program.path.string() + ": the program did not finish within --timeout 0.5 s"));
    CHECK(o.out.empty());
    CHECK(seconds < 20);
  }
  const cli_test::Outcome quick = qrt("run " + kGhz + " --timeout 60 -o json");
  CHECK(quick.exit_code == kOk);
  CHECK_THAT(quick.out, Contains("\"probabilities\""));
}

TEST_CASE("under an MPI launcher a rank other than 0 names itself in its one error line", "[cli][sweep]") {
  // The rank as OpenMPI announces it (host/cli/mpi_launch.hpp): no MPI needed to see what rank 1 prints.
  cli_test::Outcome o = cli_test::qrt_with_env("OMPI_COMM_WORLD_RANK=1", "run " + kGhz + " --expval XYZW");
  CHECK(o.exit_code == kError);
  CHECK(o.err ==
        "qrt: rank 1: error: Pauli word 'XYZW': letter 4 is not one of I, X, Y, Z (or write it sparse: Z0 Z3)\n");
  CHECK(o.out.empty());
  o = cli_test::qrt_with_env("OMPI_COMM_WORLD_RANK=0", "run " + kGhz + " --expval XYZW");
  CHECK(o.err == "qrt: error: Pauli word 'XYZW': letter 4 is not one of I, X, Y, Z (or write it sparse: Z0 Z3)\n");
  const TempProgram bad("OPENQASM 2.0;\nqreg q[1];\nfoo q[0];\n");
  o = cli_test::qrt_with_env("OMPI_COMM_WORLD_RANK=1", "run " + bad.path.string());
  CHECK(o.exit_code == kError);
  CHECK_THAT(o.err,
             Contains("qrt: rank 1: " + bad.path.string() + ":3:1: error: unknown gate 'foo'\n  foo q[0];\n  ^\n"));
}
