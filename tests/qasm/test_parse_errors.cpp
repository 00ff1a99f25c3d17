// Every class of invalid input is rejected with qrt::program::Error at the right line and column, with a
// message saying what was expected.
#include "qasm_test_support.hpp"

using qasm_test::require_parse_error;
using namespace std::string_literals;

namespace {
const std::string kHead = "OPENQASM 2.0;\ninclude \"qelib1.inc\";\n";  // lines 1-2
}

TEST_CASE("qasm: error messages quote the line with a caret", "[qasm][errors]") {
  try {
    (void)qrt::qasm::parse_string(kHead + "qreg q[1];\n   hh q[0];\n", "circuit.qasm");
    FAIL("expected an error");
  } catch (const qrt::program::Error& error) {
    CHECK(error.file() == "circuit.qasm");
    CHECK(error.line() == 4);
    CHECK(error.column() == 4);
    CHECK(error.message() == "unknown gate 'hh' (did you mean 'h'?)");
    CHECK(std::string(error.what()) ==
          "circuit.qasm:4:4: error: unknown gate 'hh' (did you mean 'h'?)\n     hh q[0];\n     ^");
  }
}

TEST_CASE("qasm: the caret follows tabs", "[qasm][errors]") {
  try {
    (void)qrt::qasm::parse_string("OPENQASM 2.0;\nqreg q[1];\n\tfoo q[0];\n", "t.qasm");
    FAIL("expected an error");
  } catch (const qrt::program::Error& error) {
    CHECK(std::string(error.what()) == "t.qasm:3:2: error: unknown gate 'foo'\n  \tfoo q[0];\n  \t^");
  }
}

TEST_CASE("qasm: syntax errors name the expected and the found token", "[qasm][errors]") {
  require_parse_error(kHead + "qreg q[2];\nh q[0] h q[1];\n", 4, 8,
                      "expected ';' after the gate arguments, got identifier 'h'");
  require_parse_error(kHead + "qreg [2];\n", 3, 6, "expected an identifier (the register name) after 'qreg', got '['");
  require_parse_error(kHead + "qreg q[x];\n", 3, 8, "expected an integer (the register size), got identifier 'x'");
  require_parse_error(kHead + "qreg q[2];\nrx(0.1 q[0];\n", 4, 8,
                      "expected ')' after the gate parameters, got identifier 'q'");
  require_parse_error(kHead + "qreg q[2];\nrx(*2) q[0];\n", 4, 4, "expected an expression, got '*'");
  require_parse_error(kHead + "qreg q[2];\nh q[0", 4, 6, "expected ']' after the index, got end of file");
  require_parse_error(kHead + "qreg q[2];\n}\n", 4, 1, "expected a statement, got '}'");
  require_parse_error(kHead + "qreg q[2];\nmeasure q[0] c[0];\n", 4, 14,
                      "expected '->' after the measured qubit, got identifier 'c'");
  require_parse_error(kHead + "include 5;\n", 3, 9,
                      "expected a string (the file name) after 'include', got integer '5'");
  require_parse_error(kHead + "qreg q[1];\nrx(sin 1) q[0];\n", 4, 8,
                      "expected '(' after function 'sin', got integer '1'");
}

TEST_CASE("qasm: a missing semicolon is reported where it belongs, at the end of its statement's line",
          "[qasm][errors]") {
  require_parse_error(kHead + "qreg q[2]\ncreg c[2];\n", 3, 10,
                      "expected ';' after the register declaration, before 'creg' on line 4");
  require_parse_error(kHead + "qreg q[2];\nh q[0]\nh q[1];\n", 4, 7,
                      "expected ';' after the gate arguments, before identifier 'h' on line 5");
  require_parse_error(kHead + "qreg q[2];\nh q[0]   // comment\n\n", 4, 7,
                      "expected ';' after the gate arguments, before the end of the file");
  require_parse_error("OPENQASM 2.0;\ninclude \"qelib1.inc\"\nqreg q[1];\n", 2, 21,
                      "expected ';' after the include, before 'qreg' on line 3");
  try {
    (void)qrt::qasm::parse_string(kHead + "qreg q[2];\nh q[0]\nh q[1];\n", "m.qasm");
    FAIL("expected an error");
  } catch (const qrt::program::Error& error) {
    CHECK(std::string(error.what()) ==
          "m.qasm:4:7: error: expected ';' after the gate arguments, before identifier 'h' on "
          "line 5\n  h q[0]\n        ^");
  }
}

TEST_CASE("qasm: a UTF-8 byte order mark is named as such", "[qasm][errors]") {
  require_parse_error("\xEF\xBB\xBFOPENQASM 2.0;\nqreg q[1];\n", 1, 1,
                      "the file starts with a UTF-8 byte order mark (bytes EF BB BF)");
  require_parse_error(kHead + "qreg q[1];\n\xEF\xBB\xBFh q[0];\n", 4, 1, "unexpected a UTF-8 byte order mark");
}

TEST_CASE("qasm: the caret excerpt escapes bytes that are not printable text", "[qasm][errors]") {
  try {
    (void)qrt::qasm::parse_string(std::string("\x7F"
                                              "ELF\x02\x01\x00\x1B[2J\n",
                                              12),
                                  "a.out");
    FAIL("expected an error");
  } catch (const qrt::program::Error& error) {
    CHECK(std::string(error.what()) ==
          "a.out:1:1: error: unexpected byte 0x7F (OpenQASM source is ASCII)\n"
          "  \\x7FELF\\x02\\x01\\x00\\x1B[2J\n  ^");
  }
  try {  // the caret stays under its byte after escaped bytes and well-formed UTF-8 (kept as it is)
    (void)qrt::qasm::parse_string(kHead + "qreg q[1];\ninclude \"\x01\xC3\xA9\" @;\n", "b.qasm");
    FAIL("expected an error");
  } catch (const qrt::program::Error& error) {
    CHECK(std::string(error.what()) ==
          "b.qasm:4:15: error: unexpected character '@'\n"
          "  include \"\\x01\xC3\xA9\" @;\n                  ^");
  }
  try {
    (void)qrt::qasm::parse_string(kHead + "qreg q[1];\n\xC3\xA9\x00 x\n"s, "c.qasm");
    FAIL("expected an error");
  } catch (const qrt::program::Error& error) {
    CHECK(std::string(error.what()) ==
          "c.qasm:4:1: error: unexpected byte 0xC3 (OpenQASM source is ASCII)\n"
          "  \xC3\xA9\\x00 x\n  ^");
  }
  require_parse_error(kHead + "qreg q[1];\n\x00\x01\n"s, 4, 1, "unexpected byte 0x00: this looks like a binary file");
}

TEST_CASE("qasm: lexical errors", "[qasm][errors]") {
  require_parse_error(kHead + "qreg q[2];\nh q[0]; @\n", 4, 9, "unexpected character '@'");
  require_parse_error(kHead + "qreg q[2];\nh q[0]; \xC3\xA9\n", 4, 9, "unexpected byte 0xC3");
  require_parse_error(kHead + "include \"qelib1.inc;\n", 3, 9, "unterminated string");
  require_parse_error(kHead + "qreg q[1];\nrx(1.2.3) q[0];\n", 4, 4, "malformed number '1.2.3'");
  require_parse_error(kHead + "qreg q[3q];\n", 3, 8, "malformed number '3q'");
  require_parse_error(kHead + "qreg q[1];\nif (c = 1) x q[0];\n", 4, 7,
                      "unexpected character '=' (comparisons use '==')");
  require_parse_error(kHead + "qreg q[99999999999999999999];\n", 3, 8, "integer '99999999999999999999' is too large");
  require_parse_error(kHead + "qreg q[1];\nrx(1e999) q[0];\n", 4, 4, "number '1e999' is out of range");
}

TEST_CASE("qasm: header errors", "[qasm][errors]") {
  require_parse_error("OPENQASM 3.0;\nqreg q[1];\n", 1, 10, "unsupported OpenQASM version '3.0'");
  require_parse_error("OPENQASM;\n", 1, 9, "expected a version number after 'OPENQASM', got ';'");
  require_parse_error("qreg q[1];\nOPENQASM 2.0;\n", 2, 1, "header must be the first statement");
}

TEST_CASE("qasm: unknown gates, with suggestions", "[qasm][errors]") {
  require_parse_error(kHead + "qreg q[1];\ncnot q[0];\n", 4, 1, "unknown gate 'cnot'");
  require_parse_error(kHead + "qreg q[2];\ncxx q[0], q[1];\n", 4, 1, "unknown gate 'cxx' (did you mean 'cx'?)");
  require_parse_error("OPENQASM 2.0;\nqreg q[1];\nh q[0];\n", 3, 1,
                      "unknown gate 'h' (it is defined in qelib1.inc: add 'include \"qelib1.inc\";')");
  require_parse_error(kHead + "qreg q[1];\nq q[0];\n", 4, 1, "'q' is a register, not a gate");
}

TEST_CASE("qasm: suggestions are typos, never rewrites of a short name", "[qasm][errors]") {
  // One edit replaces all of "b": suggesting 'U' (or 'x') would be noise.
  auto message = [](const std::string& text) {
    try {
      qrt::qasm::parse_string(text, "circuit.qasm");
    } catch (const qrt::program::Error& e) {
      return e.message();
    }
    return std::string("(parsed)");
  };
  CHECK(message("OPENQASM 2.0;\nqreg q[1];\nb q[0];\n") == "unknown gate 'b'");
  CHECK(message(kHead + "qreg q[1];\nb q[0];\n") == "unknown gate 'b'");
  CHECK(message(kHead + "qreg q[1];\nX q[0];\n") == "unknown gate 'X' (did you mean 'x'?)");
  CHECK(message(kHead + "qreg q[2];\nhh q[0];\n") == "unknown gate 'hh' (did you mean 'h'?)");
}

TEST_CASE("qasm: gates calling each other are reported as such, not as unknown", "[qasm][errors]") {
  require_parse_error(kHead + "gate a x { b x; }\ngate b x { a x; }\nqreg q[1];\na q[0];\n", 3, 12,
                      "unknown gate 'b' here: gates 'a' and 'b' call each other (line 4), and OpenQASM 2 gates "
                      "cannot be recursive");
  require_parse_error(
      kHead + "gate a x { b x; }\ngate b x { h x; }\n", 3, 12,
      "unknown gate 'b' here: it is defined later, on line 4 (a gate must be defined before it is used)");
  require_parse_error(kHead + "gate a x { a x; }\n", 3, 12, "gate 'a' cannot be used in its own definition");
}

TEST_CASE("qasm: wrong number of parameters or qubits", "[qasm][errors]") {
  require_parse_error(kHead + "qreg q[2];\nrx q[0];\n", 4, 1, "gate 'rx' takes 1 parameter, got 0");
  require_parse_error(kHead + "qreg q[2];\nu3(1, 2) q[0];\n", 4, 1, "gate 'u3' takes 3 parameters, got 2");
  require_parse_error(kHead + "qreg q[2];\nh(1) q[0];\n", 4, 1, "gate 'h' takes 0 parameters, got 1");
  require_parse_error(kHead + "qreg q[2];\ncx q[0];\n", 4, 1, "gate 'cx' takes 2 qubit arguments, got 1");
  require_parse_error(kHead + "qreg q[2];\nU(1, 2) q[0];\n", 4, 1, "gate 'U' takes 3 parameters, got 2");
  require_parse_error(kHead + "qreg q[3];\nCX q[0], q[1], q[2];\n", 4, 1, "gate 'CX' takes 2 qubit arguments, got 3");
}

TEST_CASE("qasm: undeclared registers and indices out of range", "[qasm][errors]") {
  require_parse_error(kHead + "qreg q[2];\nh r[0];\n", 4, 3, "undeclared quantum register 'r'");
  require_parse_error(kHead + "qreg qa[2];\nh qb[0];\n", 4, 3, "undeclared quantum register 'qb' (did you mean 'qa'?)");
  require_parse_error(kHead + "qreg q[2];\ncreg c[2];\nh c[0];\n", 5, 3,
                      "'c' is a classical register; expected a quantum register");
  require_parse_error(kHead + "qreg q[2];\ncreg c[2];\nmeasure q[0] -> q[1];\n", 5, 17,
                      "'q' is a quantum register; expected a classical register");
  require_parse_error(kHead + "qreg q[2];\nh q[2];\n", 4, 5, "index 2 out of range for register 'q' of size 2");
  require_parse_error(kHead + "qreg q[2];\ncreg c[1];\nmeasure q[0] -> c[1];\n", 5, 19,
                      "index 1 out of range for register 'c' of size 1");
}

TEST_CASE("qasm: duplicate declarations", "[qasm][errors]") {
  require_parse_error(kHead + "qreg q[2];\nqreg q[3];\n", 4, 6,
                      "duplicate declaration: 'q' is already declared as a quantum register at test.qasm:3:6");
  require_parse_error(kHead + "qreg q[2];\ncreg q[3];\n", 4, 6, "'q' is already declared as a quantum register");
  require_parse_error(kHead + "gate h a { U(0,0,0) a; }\n", 3, 6, "'h' is already declared as a gate in qelib1.inc");
  require_parse_error(kHead + "gate g a { }\ngate g b { }\n", 4, 6,
                      "'g' is already declared as a gate at test.qasm:3:6");
  require_parse_error(kHead + "qreg x[1];\n", 3, 6, "'x' is already declared as a gate");
  require_parse_error(kHead + "opaque g a;\nopaque g a;\n", 4, 8, "'g' is already declared as a gate");
}

TEST_CASE("qasm: the same qubit twice in one gate", "[qasm][errors]") {
  require_parse_error(kHead + "qreg q[2];\ncx q[0], q[0];\n", 4, 10,
                      "qubit q[0] is used twice in one application of 'cx'");
  require_parse_error(kHead + "qreg q[2];\ncx q[1], q;\n", 4, 10, "qubit q[1] is used twice");
  require_parse_error(kHead + "qreg q[2];\nccx q, q[0], q[1];\n", 4, 8, "qubit q[0] is used twice");
  require_parse_error(kHead + "gate g a, b { cx a, a; }\n", 3, 21,
                      "qubit 'a' is used twice in one application of 'cx'");
}

TEST_CASE("qasm: broadcasting needs equal register sizes", "[qasm][errors]") {
  require_parse_error(kHead + "qreg a[2];\nqreg b[3];\ncx a, b;\n", 5, 7,
                      "cannot broadcast over registers of different sizes: 'b' has 3 bits but 'a' has 2");
  require_parse_error(kHead + "qreg a[2];\ncreg c[3];\nmeasure a -> c;\n", 5, 14,
                      "cannot measure register 'a' of size 2 into register 'c' of size 3");
  require_parse_error(kHead + "qreg a[2];\ncreg c[2];\nmeasure a -> c[0];\n", 5, 14,
                      "measure needs a register on both sides or a single bit on both sides");
}

TEST_CASE("qasm: parameter expressions that do not evaluate", "[qasm][errors]") {
  require_parse_error(kHead + "qreg q[1];\nrx(1/0) q[0];\n", 4, 5, "division by zero");
  require_parse_error(kHead + "qreg q[1];\nrx(pi/(1-1)) q[0];\n", 4, 6, "division by zero");
  require_parse_error(kHead + "qreg q[1];\nrx(exp(1000)) q[0];\n", 4, 4, "non-finite value");
  require_parse_error(kHead + "qreg q[1];\nrx(ln(0)) q[0];\n", 4, 4, "ln of a non-positive value (0)");
  require_parse_error(kHead + "qreg q[1];\nrx(sqrt(-1)) q[0];\n", 4, 4, "sqrt of a negative value (-1)");
  require_parse_error(kHead + "qreg q[1];\nrx(10^400) q[0];\n", 4, 6, "non-finite value");
  require_parse_error(kHead + "qreg q[1];\nrx(x) q[0];\n", 4, 4, "unknown identifier 'x' in expression");
  // Constant parts of a gate body are checked where the gate is defined.
  require_parse_error(kHead + "gate g(t) a { rx(t + 1/0) a; }\n", 3, 23, "division by zero");
}

TEST_CASE("qasm: if needs a declared classical register", "[qasm][errors]") {
  require_parse_error(kHead + "qreg q[1];\ncreg c[1];\nif (d == 1) x q[0];\n", 5, 5,
                      "undeclared classical register 'd' in 'if'");
  require_parse_error(kHead + "qreg q[1];\ncreg cc[1];\nif (cd == 1) x q[0];\n", 5, 5, "(did you mean 'cc'?)");
  require_parse_error(kHead + "qreg q[1];\nif (q == 1) x q[0];\n", 4, 5,
                      "'q' is a quantum register; 'if' compares a classical register");
  require_parse_error(kHead + "qreg q[1];\ncreg c[1];\nif (c == 1) barrier q;\n", 5, 13,
                      "expected a gate, 'measure' or 'reset' after 'if (...)', got 'barrier'");
  require_parse_error(kHead + "qreg q[1];\ncreg c[1];\nif (c == -1) x q[0];\n", 5, 10,
                      "expected an integer (the value to compare with) in 'if', got '-'");
}

TEST_CASE("qasm: gate definition errors", "[qasm][errors]") {
  require_parse_error(kHead + "gate g a { g a; }\n", 3, 12,
                      "gate 'g' cannot be used in its own definition (recursive gates are not allowed)");
  require_parse_error(kHead + "gate g a { later a; }\ngate later a { }\n", 3, 12, "unknown gate 'later'");
  require_parse_error(kHead + "gate g a { h a[0]; }\n", 3, 15, "qubit arguments cannot be indexed inside a gate body");
  require_parse_error(kHead + "gate g a, bb { h b; }\n", 3, 18,
                      "unknown qubit 'b' in the body of gate 'g' (did you mean 'bb'?)");
  require_parse_error(kHead + "gate g(theta) a { rx(thet) a; }\n", 3, 22,
                      "unknown parameter 'thet' in gate 'g' (did you mean 'theta'?)");
  require_parse_error(kHead + "gate g a { measure a -> c[0]; }\n", 3, 12,
                      "'measure' is not allowed inside a gate body");
  require_parse_error(kHead + "gate g a { h a;\n", 4, 1,
                      "expected '}' to close the body of gate 'g' opened at line 3, got end of file");
  require_parse_error(kHead + "gate g(a, a) q { }\n", 3, 11, "parameter 'a' is declared twice in gate 'g'");
  require_parse_error(kHead + "gate g q, q { }\n", 3, 11, "qubit argument 'q' is declared twice in gate 'g'");
  require_parse_error(kHead + "gate g(a) a { }\n", 3, 11, "'a' is both a parameter and a qubit argument of gate 'g'");
  require_parse_error(kHead + "gate g(sin) a { }\n", 3, 8, "'sin' is a built-in function and cannot name a parameter");
  require_parse_error(kHead + "gate g { }\n", 3, 8, "expected an identifier (a qubit argument name), got '{'");
  require_parse_error(kHead + "gate g a { cx a; }\n", 3, 12, "gate 'cx' takes 2 qubit arguments, got 1");
}

TEST_CASE("qasm: limits keep hostile input bounded", "[qasm][errors]") {
  require_parse_error(kHead + "qreg q[0];\n", 3, 8, "register size must be at least 1");
  require_parse_error(kHead + "qreg q[70000];\n", 3, 8, "over the limit of 65536");
  require_parse_error(kHead + "qreg a[40000];\nqreg b[40000];\n", 4, 8, "brings the total to 80000 qubits");

  qrt::qasm::ParseOptions small;
  small.max_operations = 5;
  CHECK_THROWS_WITH(qrt::qasm::parse_string(kHead + "qreg q[6];\nh q;\n", "test.qasm", small),
                    Catch::Matchers::Contains("exceeds the limit of 5 operations"));

  small.max_operations = 100;
  std::string wide = kHead + "gate w a, b, c, d, e, f, g, h, i { }\n";
  for (char r = 'a'; r <= 'i'; ++r) wide += std::string("qreg r") + r + "[10];\n";
  wide += "w ra, rb, rc, rd, re, rf, rg, rh, ri;\n";  // 10 operations naming 90 qubits, then more
  wide += "w ra, rb, rc, rd, re, rf, rg, rh, ri;\n";
  wide += "w ra, rb, rc, rd, re, rf, rg, rh, ri;\n";
  wide += "w ra, rb, rc, rd, re, rf, rg, rh, ri;\n";
  wide += "w ra, rb, rc, rd, re, rf, rg, rh, ri;\n";
  CHECK_THROWS_WITH(qrt::qasm::parse_string(wide, "test.qasm", small),
                    Catch::Matchers::Contains("name more than 400 qubits in all"));

  // Deeply nested expressions stop at the depth limit instead of exhausting the stack.
  require_parse_error(kHead + "qreg q[1];\nrx(" + std::string(200, '(') + "1" + std::string(200, ')') + ") q[0];\n", 4,
                      4 + 128, "expression nested deeper than the limit of 128");
  require_parse_error(kHead + "qreg q[1];\nrx(" + std::string(100000, '-') + "1) q[0];\n", 4, 4 + 128,
                      "expression nested deeper than the limit of 128");

  // A chain of 70 gates, each defined through the previous one.
  std::string chain = kHead + "gate g0 a { h a; }\n";
  for (int i = 1; i < 70; ++i) chain += "gate g" + std::to_string(i) + " a { g" + std::to_string(i - 1) + " a; }\n";
  require_parse_error(chain, 3 + 62, 6, "gate 'g62' nests 65 levels of gate definitions, over the limit of 64");
}
