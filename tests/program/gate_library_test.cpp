// The model's standard gates (host/src/program/gate_library.cpp, C++ data) against an independent
// reference: Qiskit's final qelib1.inc, kept here as text and parsed by the OpenQASM front end. Every gate
// must have the same name, kind, parameters, qubits, depth and body (callees, qubit indices and the
// parameter expressions node for node), except for the two documented corrections (gate_library.hpp),
// which must be exactly the corrected bodies below.
#include <qrt/program/gate_library.hpp>
#include <qrt/program/program.hpp>
#include <qrt/qasm/parser.hpp>

#include <catch2/catch.hpp>

#include <string>
#include <string_view>

namespace {

using qrt::program::Expression;
using qrt::program::GateDefinition;

// Qiskit's qelib1.inc (qiskit/qasm/libs/qelib1.inc, the last version shipped, with sx, p, cu, ...).
constexpr std::string_view kQiskitQelib1 = R"qasm(// Quantum Experience (QE) Standard Header
// file: qelib1.inc

// --- QE Hardware primitives ---

// 3-parameter 2-pulse single qubit gate
gate u3(theta,phi,lambda) q { U(theta,phi,lambda) q; }
// 2-parameter 1-pulse single qubit gate
gate u2(phi,lambda) q { U(pi/2,phi,lambda) q; }
// 1-parameter 0-pulse single qubit gate
gate u1(lambda) q { U(0,0,lambda) q; }
// controlled-NOT
gate cx c,t { CX c,t; }
// idle gate (identity)
gate id a { U(0,0,0) a; }
// idle gate (identity) with length gamma*sqglen
gate u0(gamma) q { U(0,0,0) q; }

// --- QE Standard Gates ---

// generic single qubit gate
gate u(theta,phi,lambda) q { U(theta,phi,lambda) q; }
// phase gate
gate p(lambda) q { U(0,0,lambda) q; }
// Pauli gate: bit-flip
gate x a { u3(pi,0,pi) a; }
// Pauli gate: bit and phase flip
gate y a { u3(pi,pi/2,pi/2) a; }
// Pauli gate: phase flip
gate z a { u1(pi) a; }
// Clifford gate: Hadamard
gate h a { u2(0,pi) a; }
// Clifford gate: sqrt(Z) phase gate
gate s a { u1(pi/2) a; }
// Clifford gate: conjugate of sqrt(Z)
gate sdg a { u1(-pi/2) a; }
// C3 gate: sqrt(S) phase gate
gate t a { u1(pi/4) a; }
// C3 gate: conjugate of sqrt(S)
gate tdg a { u1(-pi/4) a; }

// --- Standard rotations ---
// Rotation around X-axis
gate rx(theta) a { u3(theta, -pi/2,pi/2) a; }
// rotation around Y-axis
gate ry(theta) a { u3(theta,0,0) a; }
// rotation around Z axis
gate rz(phi) a { u1(phi) a; }

// --- QE Standard User-Defined Gates  ---

// sqrt(X)
gate sx a { sdg a; h a; sdg a; }
// inverse sqrt(X)
gate sxdg a { s a; h a; s a; }
// controlled-Phase
gate cz a,b { h b; cx a,b; h b; }
// controlled-Y
gate cy a,b { sdg b; cx a,b; s b; }
// swap
gate swap a,b { cx a,b; cx b,a; cx a,b; }
// controlled-H
gate ch a,b {
h b; sdg b;
cx a,b;
h b; t b;
cx a,b;
t b; h b; s b; x b; s a;
}
// C3 gate: Toffoli
gate ccx a,b,c
{
  h c;
  cx b,c; tdg c;
  cx a,c; t c;
  cx b,c; tdg c;
  cx a,c; t b; t c; h c;
  cx a,b; t a; tdg b;
  cx a,b;
}
// cswap (Fredkin)
gate cswap a,b,c
{
  cx c,b;
  ccx a,b,c;
  cx c,b;
}
// controlled rx rotation
gate crx(lambda) a,b
{
  u1(pi/2) b;
  cx a,b;
  u3(-lambda/2,0,0) b;
  cx a,b;
  u3(lambda/2,-pi/2,0) b;
}
// controlled ry rotation
gate cry(lambda) a,b
{
  u3(lambda/2,0,0) b;
  cx a,b;
  u3(-lambda/2,0,0) b;
  cx a,b;
}
// controlled rz rotation
gate crz(lambda) a,b
{
  u1(lambda/2) b;
  cx a,b;
  u1(-lambda/2) b;
  cx a,b;
}
// controlled phase rotation
gate cu1(lambda) a,b
{
  u1(lambda/2) a;
  cx a,b;
  u1(-lambda/2) b;
  cx a,b;
  u1(lambda/2) b;
}
gate cp(lambda) a,b
{
  p(lambda/2) a;
  cx a,b;
  p(-lambda/2) b;
  cx a,b;
  p(lambda/2) b;
}
// controlled-U
gate cu3(theta,phi,lambda) c, t
{
  // implements controlled-U(theta,phi,lambda) with  target t and control c
  u1((lambda+phi)/2) c;
  u1((lambda-phi)/2) t;
  cx c,t;
  u3(-theta/2,0,-(phi+lambda)/2) t;
  cx c,t;
  u3(theta/2,phi,0) t;
}
// controlled-sqrt(X)
gate csx a,b { h b; cu1(pi/2) a,b; h b; }
// controlled-U gate
gate cu(theta,phi,lambda,gamma) c, t
{ p(gamma) c;
  p((lambda+phi)/2) c;
  p((lambda-phi)/2) t;
  cx c,t;
  u(-theta/2,0,-(phi+lambda)/2) t;
  cx c,t;
  u(theta/2,phi,0) t;
}
// two-qubit XX rotation
gate rxx(theta) a,b
{
  u3(pi/2, theta, 0) a;
  h b;
  cx a,b;
  u1(-theta) b;
  cx a,b;
  h b;
  u2(-pi, pi-theta) a;
}
// two-qubit ZZ rotation
gate rzz(theta) a,b
{
  cx a,b;
  u1(theta) b;
  cx a,b;
}
// relative-phase CCX
gate rccx a,b,c
{
  u2(0,pi) c;
  u1(pi/4) c;
  cx b, c;
  u1(-pi/4) c;
  cx a, c;
  u1(pi/4) c;
  cx b, c;
  u1(-pi/4) c;
  u2(0,pi) c;
}
// relative-phase 3-controlled X gate
gate rc3x a,b,c,d
{
  u2(0,pi) d;
  u1(pi/4) d;
  cx c,d;
  u1(-pi/4) d;
  u2(0,pi) d;
  cx a,d;
  u1(pi/4) d;
  cx b,d;
  u1(-pi/4) d;
  cx a,d;
  u1(pi/4) d;
  cx b,d;
  u1(-pi/4) d;
  u2(0,pi) d;
  u1(pi/4) d;
  cx c,d;
  u1(-pi/4) d;
  u2(0,pi) d;
}
// 3-controlled X gate
gate c3x a,b,c,d
{
    h d; cu1(-pi/4) a,d; h d;
    cx a,b;
    h d; cu1(pi/4) b,d; h d;
    cx a,b;
    h d; cu1(-pi/4) b,d; h d;
    cx b,c;
    h d; cu1(pi/4) c,d; h d;
    cx a,c;
    h d; cu1(-pi/4) c,d; h d;
    cx b,c;
    h d; cu1(pi/4) c,d; h d;
    cx a,c;
    h d; cu1(-pi/4) c,d; h d;
}
// 3-controlled sqrt(X) gate, this equals the C3X gate where the CU1 rotations are -pi/8 not -pi/4
gate c3sqrtx a,b,c,d
{
    h d; cu1(-pi/8) a,d; h d;
    cx a,b;
    h d; cu1(pi/8) b,d; h d;
    cx a,b;
    h d; cu1(-pi/8) b,d; h d;
    cx b,c;
    h d; cu1(pi/8) c,d; h d;
    cx a,c;
    h d; cu1(-pi/8) c,d; h d;
    cx b,c;
    h d; cu1(pi/8) c,d; h d;
    cx a,c;
    h d; cu1(-pi/8) c,d; h d;
}
// 4-controlled X gate
gate c4x a,b,c,d,e
{
    h e; cu1(-pi/2) d,e; h e;
    c3x a,b,c,d;
    h d; cu1(pi/4) d,e; h d;
    c3x a,b,c,d;
    c3sqrtx a,b,c,e;
}
)qasm";

// The documented corrections: qrt's bodies of c3sqrtx and c4x, and the shipped ones they replace.
constexpr std::string_view kShippedC3sqrtx = R"qasm(gate c3sqrtx a,b,c,d
{
    h d; cu1(-pi/8) a,d; h d;
    cx a,b;
    h d; cu1(pi/8) b,d; h d;
    cx a,b;
    h d; cu1(-pi/8) b,d; h d;
    cx b,c;
    h d; cu1(pi/8) c,d; h d;
    cx a,c;
    h d; cu1(-pi/8) c,d; h d;
    cx b,c;
    h d; cu1(pi/8) c,d; h d;
    cx a,c;
    h d; cu1(-pi/8) c,d; h d;
}
)qasm";
constexpr std::string_view kCorrectedC3sqrtx = R"qasm(gate c3sqrtx a,b,c,d
{
    h d; cu1(pi/8) a,d; h d;
    cx a,b;
    h d; cu1(-pi/8) b,d; h d;
    cx a,b;
    h d; cu1(pi/8) b,d; h d;
    cx b,c;
    h d; cu1(-pi/8) c,d; h d;
    cx a,c;
    h d; cu1(pi/8) c,d; h d;
    cx b,c;
    h d; cu1(-pi/8) c,d; h d;
    cx a,c;
    h d; cu1(pi/8) c,d; h d;
}
)qasm";
constexpr std::string_view kShippedC4x = R"qasm(gate c4x a,b,c,d,e
{
    h e; cu1(-pi/2) d,e; h e;
    c3x a,b,c,d;
    h d; cu1(pi/4) d,e; h d;
    c3x a,b,c,d;
    c3sqrtx a,b,c,e;
}
)qasm";
constexpr std::string_view kCorrectedC4x = R"qasm(gate c4x a,b,c,d,e
{
    h e; cu1(pi/2) d,e; h e;
    c3x a,b,c,d;
    h e; cu1(-pi/2) d,e; h e;
    c3x a,b,c,d;
    c3sqrtx a,b,c,e;
}
)qasm";

std::string replaced(std::string text, std::string_view from, std::string_view to) {
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

// The file's gates (U, CX, then its definitions in order), read as a user file, not as the built-in include.
qrt::program::Program parse_library(const std::string& text) {
  return qrt::qasm::parse_string("OPENQASM 2.0;\n" + text, "qelib1_reference.inc");
}

// Same tree: operators, operand links, constants (positions are not compared).
void check_same_expression(const Expression& got, const Expression& want) {
  REQUIRE(got.nodes().size() == want.nodes().size());
  for (std::size_t i = 0; i < got.nodes().size(); ++i) {
    const Expression::Node& g = got.nodes()[i];
    const Expression::Node& w = want.nodes()[i];
    INFO("node " << i);
    CHECK(g.op == w.op);
    CHECK(g.operand[0] == w.operand[0]);
    CHECK(g.operand[1] == w.operand[1]);
    CHECK(g.value == w.value);
  }
}

// `got` (the library, whose calls index `got_table`) equals `want` (parsed, indexing `want_table`).
void check_same_gate(const GateDefinition& got, std::span<const GateDefinition> got_table, const GateDefinition& want,
                     std::span<const GateDefinition> want_table) {
  INFO("gate " << want.name);
  CHECK(got.name == want.name);
  CHECK(got.kind == want.kind);
  CHECK(got.params == want.params);
  CHECK(got.qubits == want.qubits);
  CHECK(got.depth == want.depth);
  REQUIRE(got.body.size() == want.body.size());
  for (std::size_t k = 0; k < got.body.size(); ++k) {
    INFO("call " << k);
    CHECK(got_table[got.body[k].gate].name == want_table[want.body[k].gate].name);
    CHECK(got.body[k].qubits == want.body[k].qubits);
    REQUIRE(got.body[k].params.size() == want.body[k].params.size());
    for (std::size_t j = 0; j < got.body[k].params.size(); ++j)
      check_same_expression(got.body[k].params[j], want.body[k].params[j]);
  }
}

bool is_corrected(std::string_view name) { return name == "c3sqrtx" || name == "c4x"; }

}  // namespace

TEST_CASE("program: the standard gates are Qiskit's qelib1.inc with the documented corrections", "[program][gates]") {
  const std::span<const GateDefinition> library = qrt::program::standard_gates();
  const qrt::program::Program shipped = parse_library(std::string(kQiskitQelib1));
  const qrt::program::Program corrected = parse_library(
      replaced(replaced(std::string(kQiskitQelib1), kShippedC3sqrtx, kCorrectedC3sqrtx), kShippedC4x, kCorrectedC4x));
  REQUIRE(library.size() == shipped.gates.size());
  REQUIRE(library.size() == 2 + 42);  // U, CX and qelib1's 42 gates
  CHECK(library[qrt::program::Program::kGateU].name == "U");
  CHECK(library[qrt::program::Program::kGateCX].name == "CX");
  for (std::size_t i = 0; i < library.size(); ++i) {
    CHECK(library[i].builtin);
    CHECK(library[i].pos.line == 0);
    check_same_gate(library[i], library, corrected.gates[i], corrected.gates);
    if (!is_corrected(library[i].name)) check_same_gate(library[i], library, shipped.gates[i], shipped.gates);
  }
}

TEST_CASE("program: the corrections change exactly the cu1 angles of c3sqrtx and two lines of c4x",
          "[program][gates]") {
  const qrt::program::Program shipped = parse_library(std::string(kQiskitQelib1));
  const auto library = qrt::program::standard_gates();
  const GateDefinition& ours = library[*qrt::program::find_standard_gate("c3sqrtx")];
  const GateDefinition& theirs = shipped.gates[*shipped.find_gate("c3sqrtx")];
  REQUIRE(ours.body.size() == theirs.body.size());
  std::size_t flipped = 0;
  for (std::size_t k = 0; k < ours.body.size(); ++k) {
    CHECK(ours.body[k].qubits == theirs.body[k].qubits);
    if (library[ours.body[k].gate].name != "cu1") continue;
    CHECK(ours.body[k].params[0].evaluate({}) == -theirs.body[k].params[0].evaluate({}));
    ++flipped;
  }
  CHECK(flipped == 7);
  const GateDefinition& c4x = library[*qrt::program::find_standard_gate("c4x")];
  const GateDefinition& shipped_c4x = shipped.gates[*shipped.find_gate("c4x")];
  REQUIRE(c4x.body.size() == shipped_c4x.body.size());
  std::size_t differing = 0;
  for (std::size_t k = 0; k < c4x.body.size(); ++k) {
    const bool same = library[c4x.body[k].gate].name == shipped.gates[shipped_c4x.body[k].gate].name &&
                      c4x.body[k].qubits == shipped_c4x.body[k].qubits &&
                      (c4x.body[k].params.empty() ||
                       c4x.body[k].params[0].evaluate({}) == shipped_c4x.body[k].params[0].evaluate({}));
    differing += same ? 0 : 1;
  }
  CHECK(differing == 4);  // cu1(-pi/2) -> cu1(pi/2), and `h d; cu1(pi/4) d,e; h d;` -> `h e; cu1(-pi/2) d,e; h e;`
}

TEST_CASE("program: find_standard_gate finds every gate by its exact name, and nothing else", "[program][gates]") {
  const auto library = qrt::program::standard_gates();
  for (std::size_t i = 0; i < library.size(); ++i) CHECK(qrt::program::find_standard_gate(library[i].name) == i);
  CHECK_FALSE(qrt::program::find_standard_gate("H").has_value());
  CHECK_FALSE(qrt::program::find_standard_gate("ryy").has_value());
  CHECK_FALSE(qrt::program::find_standard_gate("").has_value());
}
