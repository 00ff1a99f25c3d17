// `qrt run --isolate` end to end: the same output as in-process, and a crashing plugin is an error
// message and exit status 1, not a dead qrt.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

struct Outcome {
  int exit_code;  // -1: killed by a signal
  std::string out, err;
};

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

Outcome qrt_cli(const std::string& args, const std::string& env = "") {
  static int counter = 0;
  auto dir = std::filesystem::temp_directory_path();
  auto tag = std::to_string(::getpid()) + "_" + std::to_string(counter++);
  auto out = dir / ("qrt_iso_out_" + tag), err = dir / ("qrt_iso_err_" + tag);
  std::string command = "QRT_PLUGIN_PATH= QRT_ALLOW_UNSAFE_PLUGINS=1 " + env + " " + QRT_TEST_CLI + " " + args +
                        " >" + out.string() + " 2>" + err.string();
  int status = std::system(command.c_str());
  Outcome o{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  return o;
}

}  // namespace

TEST_CASE("qrt run --isolate prints what qrt run prints", "[isolation][cli]") {
  const std::string ghz = std::string(QRT_TEST_EXAMPLES_DIR) + "/ghz.qasm";
  const Outcome plain = qrt_cli("run " + ghz + " --shots 200 --seed 7 -o json");
  const Outcome isolated = qrt_cli("run --isolate " + ghz + " --shots 200 --seed 7 -o json");
  const Outcome by_env = qrt_cli("run " + ghz + " --shots 200 --seed 7 -o json", "QRT_ISOLATE=1");
  REQUIRE(plain.exit_code == 0);
  REQUIRE(isolated.exit_code == 0);
  REQUIRE(by_env.exit_code == 0);
  // Timings differ; everything else must not.
  auto without_timings = [](std::string text) {
    auto at = text.find("\"timings\"");
    return at == std::string::npos ? text : text.substr(0, at);
  };
  CHECK(without_timings(isolated.out) == without_timings(plain.out));
  CHECK(without_timings(by_env.out) == without_timings(plain.out));
}

TEST_CASE("qrt run --isolate survives a segfaulting plugin", "[isolation][cli]") {
  const std::string library = std::string(QRT_TEST_ISOLATION_PLUGIN_DIR) + "/fake_crash_segv.so";
  auto file = std::filesystem::temp_directory_path() / ("qrt_iso_boom_" + std::to_string(::getpid()) + ".qasm");
  std::ofstream(file) << "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nopaque boom a;\nqreg q[1];\ncreg c[1];\nboom q[0];\n"
                         "measure q -> c;\n";
  const Outcome o = qrt_cli("run --isolate " + file.string() + " -d 'fake.crash.segv@" + library + ":shots=3'");
  std::filesystem::remove(file);
  CHECK(o.exit_code == 1);
  CHECK_THAT(o.err, Catch::Matchers::Contains("SIGSEGV"));
  CHECK_THAT(o.err, Catch::Matchers::Contains("fake_crash_segv.so"));
}
