// Parser unit tests: every construct of OpenQASM 2.0 and the shape of the resulting Program.
#include "qasm_test_support.hpp"

#include <qrt/program/gate_library.hpp>

#include <cmath>

using qasm_test::parse;
using qrt::program::OpKind;
using qrt::program::Program;

namespace {

std::vector<std::uint32_t> qubits_of(const Program& p, std::size_t op) {
  const auto q = p.qubits(p.operations.at(op));
  return {q.begin(), q.end()};
}

std::string name_of(const Program& p, std::size_t op) { return p.gate(p.operations.at(op)).name; }

// The value of <expression>, as the first parameter of `U(<expression>, 0, 0) q[0];`.
double value_of(const std::string& expression) {
  const Program p = parse("OPENQASM 2.0;\nqreg q[1];\nU(" + expression + ", 0, 0) q[0];\n");
  REQUIRE(p.operations.size() == 1);
  return p.params(p.operations[0])[0];
}

}  // namespace

TEST_CASE("qasm: registers are concatenated in declaration order", "[qasm][parser]") {
  const Program p = parse("OPENQASM 2.0;\nqreg a[2];\ncreg m[3];\nqreg b[3];\ncreg n[1];\n");
  CHECK(p.num_qubits == 5);
  CHECK(p.num_clbits == 4);
  REQUIRE(p.qregs.size() == 2);
  CHECK(p.qregs[0].name == "a");
  CHECK(p.qregs[0].offset == 0);
  CHECK(p.qregs[0].size == 2);
  CHECK(p.qregs[1].name == "b");
  CHECK(p.qregs[1].offset == 2);
  CHECK(p.qregs[1].size == 3);
  REQUIRE(p.cregs.size() == 2);
  CHECK(p.cregs[1].offset == 3);
  CHECK(p.find_qreg("b") == &p.qregs[1]);
  CHECK(p.find_creg("a") == nullptr);
  CHECK(p.warnings.empty());
  CHECK(p.operations.empty());
}

TEST_CASE("qasm: primitives U and CX", "[qasm][parser]") {
  const Program p = parse("OPENQASM 2.0;\nqreg q[2];\nU(1, 2, 3) q[1];\nCX q[1], q[0];\n");
  REQUIRE(p.operations.size() == 2);
  CHECK(p.operations[0].gate == Program::kGateU);
  CHECK(name_of(p, 0) == "U");
  const auto params = p.params(p.operations[0]);
  CHECK(std::vector<double>(params.begin(), params.end()) == std::vector<double>{1, 2, 3});
  CHECK(qubits_of(p, 0) == std::vector<std::uint32_t>{1});
  CHECK(p.operations[1].gate == Program::kGateCX);
  CHECK(qubits_of(p, 1) == std::vector<std::uint32_t>{1, 0});
  CHECK(p.gate_count() == 2);
}

TEST_CASE("qasm: include qelib1.inc gives Qiskit's standard gates, built in", "[qasm][parser]") {
  const Program p = parse("OPENQASM 2.0;\ninclude \"qelib1.inc\";\n");
  for (const char* name :
       {"u3",  "u2",  "u1",  "cx", "id",  "u0",  "u",    "p",   "x",   "y",    "z",    "h",   "s",       "sdg",
        "t",   "tdg", "rx",  "ry", "rz",  "sx",  "sxdg", "cz",  "cy",  "swap", "ch",   "ccx", "cswap",   "crx",
        "cry", "crz", "cu1", "cp", "cu3", "csx", "cu",   "rxx", "rzz", "rccx", "rc3x", "c3x", "c3sqrtx", "c4x"}) {
    INFO(name);
    const auto index = p.find_gate(name);
    REQUIRE(index.has_value());
    CHECK(p.gates[*index].builtin);
    CHECK(p.gates[*index].kind == qrt::program::GateKind::Defined);
    CHECK(p.sources[p.gates[*index].pos.file]->name() == "qelib1.inc");
  }
  const auto cu = p.gates[*p.find_gate("cu")];
  CHECK(cu.params == std::vector<std::string>{"theta", "phi", "lambda", "gamma"});
  CHECK(cu.qubits == std::vector<std::string>{"c", "t"});
  CHECK(cu.body.size() == 7);
  CHECK(p.gates[*p.find_gate("c4x")].depth == 4);  // c4x -> c3x -> cu1 -> u1 -> U
}

TEST_CASE("qasm: gate definitions with parameters, nesting and empty parameter lists", "[qasm][parser]") {
  const Program p = parse(R"(OPENQASM 2.0;
gate inner(a, b) x { U(a, b, a*b) x; }
gate outer(t) x, y { inner(t, -t) y; CX x, y; inner(2*t, pi) x; }
gate nothing() x { }
qreg q[2];
outer(0.5) q[1], q[0];
nothing() q[0];
nothing q[1];
)");
  const auto& outer = p.gates[*p.find_gate("outer")];
  CHECK_FALSE(outer.builtin);
  CHECK(outer.params == std::vector<std::string>{"t"});
  CHECK(outer.qubits == std::vector<std::string>{"x", "y"});
  REQUIRE(outer.body.size() == 3);
  CHECK(outer.body[0].gate == *p.find_gate("inner"));
  CHECK(outer.body[0].qubits == std::vector<std::uint32_t>{1});
  CHECK(outer.body[1].gate == Program::kGateCX);
  CHECK(outer.body[1].qubits == std::vector<std::uint32_t>{0, 1});
  // Body expressions are kept symbolic and evaluated per application.
  const std::vector<double> t{0.5};
  CHECK(outer.body[0].params[1].evaluate(t) == -0.5);
  CHECK(outer.body[2].params[0].evaluate(t) == 1.0);
  CHECK(outer.depth == 2);
  REQUIRE(p.operations.size() == 3);
  CHECK(name_of(p, 0) == "outer");
  CHECK(p.params(p.operations[0])[0] == 0.5);
  CHECK(qubits_of(p, 0) == std::vector<std::uint32_t>{1, 0});
  CHECK(p.gates[*p.find_gate("nothing")].body.empty());

  // Expanding reaches the primitives with the parameters threaded through.
  const Program expanded = qrt::program::expand_to_primitives(p);
  REQUIRE(expanded.operations.size() == 3);
  const auto first = expanded.params(expanded.operations[0]);
  CHECK(std::vector<double>(first.begin(), first.end()) == std::vector<double>{0.5, -0.5, -0.25});
  CHECK(expanded.qubits(expanded.operations[0])[0] == 0);
  const auto third = expanded.params(expanded.operations[2]);
  CHECK(std::vector<double>(third.begin(), third.end()) == std::vector<double>{1.0, qasm_test::kPi, qasm_test::kPi});
  CHECK(expanded.qubits(expanded.operations[2])[0] == 1);
}

TEST_CASE("qasm: broadcasting over registers", "[qasm][parser]") {
  const Program p = parse(R"(OPENQASM 2.0;
include "qelib1.inc";
qreg a[3];
qreg b[3];
h a;
cx a, b;
cx a[0], b;
)");
  REQUIRE(p.operations.size() == 9);
  for (std::size_t i = 0; i < 3; ++i) {
    CHECK(name_of(p, i) == "h");
    CHECK(qubits_of(p, i) == std::vector<std::uint32_t>{static_cast<std::uint32_t>(i)});
    CHECK(qubits_of(p, 3 + i) ==
          std::vector<std::uint32_t>{static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(3 + i)});
    CHECK(qubits_of(p, 6 + i) == std::vector<std::uint32_t>{0, static_cast<std::uint32_t>(3 + i)});
  }
  CHECK(p.gate_count() == 9);
}

TEST_CASE("qasm: measure, reset and barrier", "[qasm][parser]") {
  const Program p = parse(R"(OPENQASM 2.0;
qreg q[2];
qreg r[1];
creg c[2];
creg d[1];
measure q -> c;
measure r[0] -> d[0];
reset q;
reset r[0];
barrier q, r[0], q[1];
)");
  REQUIRE(p.operations.size() == 7);
  CHECK(p.operations[0].kind == OpKind::Measure);
  CHECK(qubits_of(p, 0) == std::vector<std::uint32_t>{0});
  CHECK(p.operations[0].clbit == 0);
  CHECK(qubits_of(p, 1) == std::vector<std::uint32_t>{1});
  CHECK(p.operations[1].clbit == 1);
  CHECK(qubits_of(p, 2) == std::vector<std::uint32_t>{2});
  CHECK(p.operations[2].clbit == 2);
  CHECK(p.operations[3].kind == OpKind::Reset);
  CHECK(qubits_of(p, 3) == std::vector<std::uint32_t>{0});
  CHECK(qubits_of(p, 4) == std::vector<std::uint32_t>{1});
  CHECK(qubits_of(p, 5) == std::vector<std::uint32_t>{2});
  CHECK(p.operations[6].kind == OpKind::Barrier);
  CHECK(qubits_of(p, 6) == std::vector<std::uint32_t>{0, 1, 2});  // one barrier, duplicates removed
  CHECK(p.gate_count() == 0);
}

TEST_CASE("qasm: if conditions guard gates, measure and reset", "[qasm][parser]") {
  const Program p = parse(R"(OPENQASM 2.0;
include "qelib1.inc";
qreg q[2];
creg a[1];
creg c[3];
if (c == 5) x q;
if(c==0) measure q[0] -> a[0];
if (a == 1) reset q[1];
h q[0];
)");
  REQUIRE(p.operations.size() == 5);
  for (std::size_t i = 0; i < 2; ++i) {
    REQUIRE(p.operations[i].condition.has_value());
    CHECK(p.operations[i].condition->creg == 1);
    CHECK(p.operations[i].condition->offset == 1);
    CHECK(p.operations[i].condition->size == 3);
    CHECK(p.operations[i].condition->value == 5);
  }
  CHECK(p.operations[2].kind == OpKind::Measure);
  CHECK(p.operations[2].condition->value == 0);
  CHECK(p.operations[3].kind == OpKind::Reset);
  CHECK(p.operations[3].condition->creg == 0);
  CHECK_FALSE(p.operations[4].condition.has_value());
}

TEST_CASE("qasm: a condition that can never hold is a warning", "[qasm][parser]") {
  const Program p = parse("OPENQASM 2.0;\nqreg q[1];\ncreg c[2];\nif (c == 4) U(0,0,0) q[0];\n");
  REQUIRE(p.warnings.size() == 1);
  CHECK(p.warnings[0].line == 4);
  CHECK(p.warnings[0].column == 10);
  CHECK_THAT(p.warnings[0].message, Catch::Matchers::Contains("can never be true"));
}

TEST_CASE("qasm: opaque declarations", "[qasm][parser]") {
  const Program p =
      parse("OPENQASM 2.0;\nopaque magic(a, b) x, y;\nopaque plain x;\nqreg q[2];\nmagic(1, 2) q[0], q[1];\n");
  const auto& magic = p.gates[*p.find_gate("magic")];
  CHECK(magic.kind == qrt::program::GateKind::Opaque);
  CHECK(magic.params.size() == 2);
  CHECK(magic.qubits.size() == 2);
  REQUIRE(p.operations.size() == 1);
  CHECK(name_of(p, 0) == "magic");
}

TEST_CASE("qasm: expressions: precedence, associativity, functions and literals", "[qasm][parser]") {
  CHECK(value_of("1 + 2 * 3") == 7.0);
  CHECK(value_of("(1 + 2) * 3") == 9.0);
  CHECK(value_of("8 / 4 / 2") == 1.0);
  CHECK(value_of("5 - 3 - 1") == 1.0);
  CHECK(value_of("-2^2") == -4.0);
  CHECK(value_of("2^3^2") == 512.0);
  CHECK(value_of("2^-1") == 0.5);
  CHECK(value_of("2 * -3") == -6.0);
  CHECK(value_of("--1") == 1.0);
  CHECK(value_of("pi") == qasm_test::kPi);
  CHECK(value_of("-pi/4") == -qasm_test::kPi / 4);
  CHECK(value_of("sin(pi/2)") == 1.0);
  CHECK(value_of("cos(0)") == 1.0);
  CHECK(value_of("tan(0.5)") == std::tan(0.5));
  CHECK(value_of("exp(1)") == std::exp(1.0));
  CHECK(value_of("ln(exp(2))") == 2.0);
  CHECK(value_of("sqrt(16)") == 4.0);
  CHECK(value_of("1e-3") == 1e-3);
  CHECK(value_of("1.5E+2") == 150.0);
  CHECK(value_of("2.") == 2.0);
  CHECK(value_of(".25") == 0.25);
  CHECK(value_of("3") == 3.0);
  CHECK(value_of("1e-400") == 0.0);  // underflow is a harmless zero
  CHECK(value_of("123456789012345678901234567890") == 123456789012345678901234567890.0);
}

TEST_CASE("qasm: space before the parameter list, comments and CRLF line ends", "[qasm][parser]") {
  const Program p = parse(
      "OPENQASM 2.0; // header\r\ninclude \"qelib1.inc\";\r\nqreg r[1];\r\n"
      "// a comment line\r\nu1 (-3*pi/8) r; u3 ( 1 , 2 , 3 ) r[0]; // trailing\r\n");
  REQUIRE(p.operations.size() == 2);
  CHECK(p.params(p.operations[0])[0] == -3 * qasm_test::kPi / 8);
  CHECK(p.operations[1].pos.line == 5);
  CHECK(p.operations[1].pos.column == 17);
  CHECK(p.sources[0]->line(5) == "u1 (-3*pi/8) r; u3 ( 1 , 2 , 3 ) r[0]; // trailing");
}

TEST_CASE("qasm: operations keep their source positions", "[qasm][parser]") {
  const Program p = parse("OPENQASM 2.0;\nqreg q[2];\ncreg c[2];\n  CX q[0], q[1];\nmeasure q -> c;\n");
  REQUIRE(p.operations.size() == 3);
  CHECK(p.operations[0].pos.line == 4);
  CHECK(p.operations[0].pos.column == 3);
  CHECK(p.operations[2].pos.line == 5);
  CHECK(p.describe(p.operations[0].pos) == "test.qasm:4:3");
  // An executor can report runtime errors against the statement.
  const qrt::program::Error error = p.error_at(p.operations[0].pos, "device failed");
  CHECK(std::string(error.what()) == "test.qasm:4:3: error: device failed\n    CX q[0], q[1];\n    ^");
}

TEST_CASE("qasm: a missing header is a warning, not an error", "[qasm][parser]") {
  const Program p = parse("qreg q[1];\nU(0,0,0) q[0];\n");
  REQUIRE(p.warnings.size() == 1);
  CHECK(p.warnings[0].severity == qrt::program::Severity::Warning);
  CHECK(p.warnings[0].line == 1);
  CHECK(p.warnings[0].column == 1);
  CHECK_THAT(p.warnings[0].message, Catch::Matchers::Contains("missing 'OPENQASM 2.0;' header"));
  CHECK_THAT(p.warnings[0].format(), Catch::Matchers::StartsWith("test.qasm:1:1: warning: missing"));
  CHECK(p.operations.size() == 1);
  CHECK(parse("OPENQASM 2;\nqreg q[1];\n").warnings.empty());  // "2" is 2.0
}

TEST_CASE("qasm: qelib1.inc included twice is a warning", "[qasm][parser]") {
  const Program p = parse("OPENQASM 2.0;\ninclude \"qelib1.inc\";\ninclude \"qelib1.inc\";\nqreg q[1];\nh q[0];\n");
  REQUIRE(p.warnings.size() == 1);
  CHECK(p.warnings[0].line == 3);
  CHECK_THAT(p.warnings[0].message, Catch::Matchers::Contains("already included"));
  CHECK(p.gate_count() == 1);
}

TEST_CASE("qasm: include qelib1.inc after the file's own gates renumbers the library's calls", "[qasm][parser]") {
  // The library's bodies index the library; in the Program they must index the Program's gate table.
  const Program p = parse("OPENQASM 2.0;\ngate mine a { U(0,0,0) a; }\ninclude \"qelib1.inc\";\n");
  REQUIRE(p.gates[2].name == "mine");
  const auto library = qrt::program::standard_gates();
  REQUIRE(p.gates.size() == library.size() + 1);
  for (std::size_t i = 2; i < library.size(); ++i) {
    const auto& gate = p.gates[i + 1];
    INFO(gate.name);
    CHECK(gate.name == library[i].name);
    REQUIRE(gate.body.size() == library[i].body.size());
    for (std::size_t k = 0; k < gate.body.size(); ++k) {
      CHECK(p.gates[gate.body[k].gate].name == library[library[i].body[k].gate].name);
      CHECK(p.sources[gate.body[k].pos.file]->name() == "qelib1.inc");
    }
  }
}

TEST_CASE("qasm: a gate declared before include qelib1.inc clashes at the include", "[qasm][parser]") {
  qasm_test::require_parse_error(
      "OPENQASM 2.0;\ngate h a { U(0,0,0) a; }\ninclude \"qelib1.inc\";\n", 3, 9,
      "qelib1.inc declares the gate 'h', which is already declared as a gate at test.qasm:2:6");
}
