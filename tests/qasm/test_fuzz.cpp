// Robustness: random mutations and truncations of the corpus files, and random token soup, never crash
// or hang the front-end; the only failure allowed is qrt::program::Error. (ASan/UBSan builds run this too.)
#include "qasm_test_support.hpp"

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

namespace fs = std::filesystem;

namespace {

const std::vector<std::string> kTokens = {
    "OPENQASM 2.0;",
    "include \"qelib1.inc\";",
    "include \"missing.inc\";",
    "qreg",
    "creg",
    "gate",
    "opaque",
    "measure",
    "reset",
    "barrier",
    "if",
    "U",
    "CX",
    "pi",
    "sin",
    "ln",
    "sqrt",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ";",
    ",",
    "->",
    "==",
    "+",
    "-",
    "*",
    "/",
    "^",
    "0",
    "1",
    "7",
    "65535",
    "99999999999999999999",
    "1e308",
    "1e-400",
    ".5",
    "2.",
    "q",
    "c",
    "a",
    "b",
    "x",
    "h",
    "cx",
    "ccx",
    "c4x",
    "u3",
    "rz",
    "g",
    "\"",
    "//",
    "\n",
    " ",
    "\t",
    "@",
    "\x01",
    "\xff",
    "=",
    "0/0",
    "q[0]",
    "q[99]",
    "c == 1",
};

std::vector<std::string> corpus_texts() {
  std::vector<std::string> texts;
  const fs::path corpus = fs::path(QRT_TEST_CORPUS_DIR) / "qasmbench";
  if (!fs::is_directory(corpus)) return texts;
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(corpus)) {
    if (entry.path().extension() == ".qasm" && entry.file_size() < 20000) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& file : files) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    texts.push_back(text.str());
  }
  return texts;
}

std::string mutate(std::string text, std::mt19937_64& rng) {
  auto pick = [&](std::size_t n) {
    return n == 0 ? std::size_t{0} : std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
  };
  const std::size_t edits = 1 + pick(4);
  for (std::size_t e = 0; e < edits; ++e) {
    const std::size_t at = pick(text.size() + 1);
    switch (pick(6)) {
      case 0: text.resize(at); break;                                 // truncate
      case 1: text.erase(at, 1 + pick(24)); break;                    // delete a run
      case 2: text.insert(at, kTokens[pick(kTokens.size())]); break;  // insert a token
      case 3:
        if (!text.empty()) text[pick(text.size())] = static_cast<char>(pick(256));  // flip a byte
        break;
      case 4: text.insert(at, text.substr(pick(text.size() + 1), 1 + pick(60))); break;  // duplicate a run
      default: {                                                                         // swap two characters
        if (text.size() > 1) std::swap(text[pick(text.size())], text[pick(text.size())]);
      }
    }
  }
  return text;
}

std::string token_soup(std::mt19937_64& rng) {
  std::string text = "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[3];\ncreg c[3];\n";
  const std::size_t length = std::uniform_int_distribution<std::size_t>(1, 60)(rng);
  for (std::size_t i = 0; i < length; ++i) {
    text += kTokens[std::uniform_int_distribution<std::size_t>(0, kTokens.size() - 1)(rng)];
    text += ' ';
  }
  return text;
}

// Runs the whole front-end on `text`; true when it was accepted, false on qrt::program::Error. Any other
// exception escapes and fails the test.
bool run_front_end(const std::string& text) {
  qrt::qasm::ParseOptions parse_options;
  parse_options.max_operations = 20000;
  parse_options.max_qubits = 4096;
  qrt::program::LoweringOptions lowering_options;
  lowering_options.max_operations = 50000;
  try {
    const qrt::program::Program program = qrt::qasm::parse_string(text, "fuzz.qasm", parse_options);
    (void)qrt::program::lower(program, {{"CNOT", "Hadamard", "PhaseShift", "RY", "Toffoli", "SX"}, true, true},
                              lowering_options);
    (void)qrt::program::lower(program, {{"QubitUnitary", "CNOT"}, false, false}, lowering_options);
    (void)qrt::program::expand_to_primitives(program, 50000);
    return true;
  } catch (const qrt::program::Error& error) {
    REQUIRE(std::string(error.what()).size() > 0);
    return false;
  }
}

}  // namespace

TEST_CASE("qasm: mutated corpus files fail only with qrt::program::Error", "[qasm][fuzz]") {
  const std::vector<std::string> texts = corpus_texts();
  if (texts.empty()) {
    WARN("QASMBench corpus not found under " << QRT_TEST_CORPUS_DIR << ": corpus mutations SKIPPED");
    return;
  }
  std::mt19937_64 rng(20240611);
  std::size_t accepted = 0, rejected = 0;
  for (int iteration = 0; iteration < 1500; ++iteration) {
    const std::string& original = texts[static_cast<std::size_t>(iteration) % texts.size()];
    (run_front_end(mutate(original, rng)) ? accepted : rejected) += 1;
  }
  // Both outcomes must occur, or the mutations are not exercising anything.
  CHECK(accepted > 50);
  CHECK(rejected > 500);
}

TEST_CASE("qasm: random token sequences fail only with qrt::program::Error", "[qasm][fuzz]") {
  std::mt19937_64 rng(7);
  std::size_t rejected = 0;
  for (int iteration = 0; iteration < 3000; ++iteration) rejected += run_front_end(token_soup(rng)) ? 0 : 1;
  CHECK(rejected > 2000);
}

TEST_CASE("qasm: every truncation of a circuit with all constructs is handled", "[qasm][fuzz]") {
  const std::string text = R"(OPENQASM 2.0;
include "qelib1.inc";
gate g(a, b) x, y { U(a, b, -a^2) x; CX x, y; barrier x, y; cu3(a, b/2, sin(a)) y, x; }
opaque op(t) x;
qreg q[3];
qreg r[3];
creg c[3];
g(pi/2, 1e-3) q[0], q[1];
g(-.5, 2) q, r;
if (c == 2) measure q[0] -> c[1];
barrier q;
reset q[2];
measure q -> c;
)";
  for (std::size_t length = 0; length <= text.size(); ++length) run_front_end(text.substr(0, length));
  CHECK(run_front_end(text));  // the whole text is valid
}
