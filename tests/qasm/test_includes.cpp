// `include` of real files: relative resolution, search paths, cycles, missing files, errors inside an
// included file.
#include "qasm_test_support.hpp"

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;

namespace {

// A fresh folder under the system temp dir, removed at the end of the test.
class TempDir {
 public:
  TempDir() {
    static std::atomic<int> counter{0};
    path_ =
        fs::temp_directory_path() / ("qrt_qasm_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  fs::path write(const std::string& relative, const std::string& text) const {
    const fs::path file = path_ / relative;
    fs::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
    return file;
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

}  // namespace

TEST_CASE("qasm: includes resolve relative to the including file", "[qasm][include]") {
  TempDir dir;
  dir.write("lib/gates.inc", "include \"more/extra.inc\";\ngate twice a { U(0,0,pi/2) a; U(0,0,pi/2) a; }\n");
  dir.write("lib/more/extra.inc", "gate nop a { }\n");
  const fs::path main =
      dir.write("main.qasm", "OPENQASM 2.0;\ninclude \"lib/gates.inc\";\nqreg q[1];\ntwice q[0];\nnop q[0];\n");
  const qrt::program::Program p = qrt::qasm::parse_file(main);
  CHECK(p.warnings.empty());
  CHECK(p.gate_count() == 2);
  REQUIRE(p.find_gate("twice"));
  CHECK_FALSE(p.gates[*p.find_gate("twice")].builtin);
  CHECK(p.sources.size() == 3);
  CHECK(p.sources[p.gates[*p.find_gate("nop")].pos.file]->name() == (dir.path() / "lib/more/extra.inc").string());
}

TEST_CASE("qasm: include search paths are tried after the including folder", "[qasm][include]") {
  TempDir dir;
  dir.write("shared/defs.inc", "gate mine a { U(1,2,3) a; }\n");
  const fs::path main = dir.write("src/main.qasm", "OPENQASM 2.0;\ninclude \"defs.inc\";\nqreg q[1];\nmine q[0];\n");
  CHECK_THROWS_WITH(qrt::qasm::parse_file(main), Catch::Matchers::Contains("include file 'defs.inc' not found"));
  qrt::qasm::ParseOptions options;
  options.include_paths.push_back(dir.path() / "shared");
  CHECK(qrt::qasm::parse_file(main, options).gate_count() == 1);
}

TEST_CASE("qasm: a missing include names the paths looked at", "[qasm][include]") {
  TempDir dir;
  const fs::path main = dir.write("main.qasm", "OPENQASM 2.0;\ninclude \"nowhere.inc\";\n");
  try {
    (void)qrt::qasm::parse_file(main);
    FAIL("expected an error");
  } catch (const qrt::program::Error& error) {
    CHECK(error.file() == main.string());
    CHECK(error.line() == 2);
    CHECK(error.column() == 9);
    CHECK(error.message() ==
          "include file 'nowhere.inc' not found (looked for " + (dir.path() / "nowhere.inc").string() + ")");
  }
}

TEST_CASE("qasm: cyclic includes are detected", "[qasm][include]") {
  TempDir dir;
  dir.write("a.inc", "gate ga x { }\ninclude \"b.inc\";\n");
  dir.write("b.inc", "\ninclude \"a.inc\";\n");
  const fs::path main = dir.write("main.qasm", "OPENQASM 2.0;\ninclude \"a.inc\";\n");
  try {
    (void)qrt::qasm::parse_file(main);
    FAIL("expected an error");
  } catch (const qrt::program::Error& error) {
    CHECK(error.file() == (dir.path() / "b.inc").string());
    CHECK(error.line() == 2);
    CHECK(error.column() == 9);
    CHECK(error.message() == "cyclic include: 'a.inc' is already being parsed (main.qasm -> a.inc -> b.inc -> a.inc)");
  }
  const fs::path self = dir.write("self.qasm", "OPENQASM 2.0;\ninclude \"self.qasm\";\n");
  CHECK_THROWS_WITH(qrt::qasm::parse_file(self), Catch::Matchers::Contains("cyclic include: 'self.qasm'"));
}

TEST_CASE("qasm: errors inside an included file point into that file", "[qasm][include]") {
  TempDir dir;
  dir.write("bad.inc", "gate ok a { }\ngate broken a { U(0,0) a; }\n");
  const fs::path main = dir.write("main.qasm", "OPENQASM 2.0;\ninclude \"bad.inc\";\n");
  try {
    (void)qrt::qasm::parse_file(main);
    FAIL("expected an error");
  } catch (const qrt::program::Error& error) {
    CHECK(error.file() == (dir.path() / "bad.inc").string());
    CHECK(error.line() == 2);
    CHECK(error.column() == 17);
    CHECK(error.message() == "gate 'U' takes 3 parameters, got 2");
    CHECK(error.diagnostic().source_line == "gate broken a { U(0,0) a; }");
  }
}

TEST_CASE("qasm: qelib1.inc is the built-in library even when a file of that name exists", "[qasm][include]") {
  TempDir dir;
  dir.write("qelib1.inc", "gate h a { }\n");  // an older / different library next to the circuit
  const fs::path main = dir.write("main.qasm", "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[1];\nsx q[0];\n");
  const qrt::program::Program p = qrt::qasm::parse_file(main);
  CHECK(p.gates[*p.find_gate("h")].body.size() == 1);
  CHECK(p.sources[1]->name() == "qelib1.inc");
}

TEST_CASE("qasm: unreadable main files are errors naming the file", "[qasm][include]") {
  TempDir dir;
  const fs::path missing = dir.path() / "missing.qasm";
  try {
    (void)qrt::qasm::parse_file(missing);
    FAIL("expected an error");
  } catch (const qrt::program::Error& error) {
    CHECK(error.file() == missing.string());
    CHECK(error.line() == 0);
    CHECK_THAT(error.message(), Catch::Matchers::StartsWith("cannot read file: "));
  }
  CHECK_THROWS_WITH(qrt::qasm::parse_file(dir.path()), Catch::Matchers::Contains("is a directory"));
  const fs::path big = dir.write("big.qasm", std::string(2000, ' '));
  qrt::qasm::ParseOptions options;
  options.max_file_bytes = 1000;
  CHECK_THROWS_WITH(qrt::qasm::parse_file(big, options), Catch::Matchers::Contains("over the limit of 1000"));
}

// fuzz/fuzz_qasm.cpp relies on this to keep the fuzzer off the disk: with max_include_depth = 0 only the
// built-in qelib1.inc can be included; any other include fails before a path is even looked at.
TEST_CASE("qasm: max_include_depth 0 allows only the built-in qelib1.inc", "[qasm][include]") {
  TempDir dir;
  const fs::path other = dir.write("other.inc", "gate mine a { U(0,0,0) a; }\n");
  const std::string main = (dir.path() / "main.qasm").string();
  qrt::qasm::ParseOptions options;
  options.max_include_depth = 0;
  CHECK(qrt::qasm::parse_string("OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[1];\nh q[0];\n", main, options)
            .gate_count() == 1);
  for (const std::string& name : {std::string("other.inc"), other.string(), std::string("/etc/passwd")}) {
    INFO(name);
    CHECK_THROWS_WITH(qrt::qasm::parse_string("OPENQASM 2.0;\ninclude \"" + name + "\";\n", main, options),
                      Catch::Matchers::Contains("includes nested deeper than the limit of 0"));
  }
}
