// Lowering is exact: for every qelib1 gate (and user gates under broadcasting), on devices with very
// different gate sets, the unitary of the lowered operations times e^{i·global_phase} equals the unitary
// of the pure U/CX expansion to 1e-12. Plus direct-mapping choices, pass-through and error paths.
#include "qasm_test_support.hpp"

#include <functional>
#include <sstream>
#include <string>
#include <thread>

using namespace qasm_test;
using qrt::program::DeviceGateSet;
using qrt::program::LoweredKind;
using qrt::program::LoweredProgram;

namespace {

DeviceGateSet full_device() {
  return {{"Identity",    "PauliX",
           "PauliY",      "PauliZ",
           "Hadamard",    "S",
           "T",           "SX",
           "PhaseShift",  "RX",
           "RY",          "RZ",
           "Rot",         "CNOT",
           "CY",          "CZ",
           "CH",          "SWAP",
           "ISWAP",       "CSWAP",
           "Toffoli",     "ControlledPhaseShift",
           "CRX",         "CRY",
           "CRZ",         "CRot",
           "IsingXX",     "IsingYY",
           "IsingZZ",     "MultiRZ",
           "GlobalPhase", "QubitUnitary"},
          true,
          true};
}

struct NamedDevice {
  std::string name;
  DeviceGateSet gates;
};

std::vector<NamedDevice> devices() {
  return {
      {"full native set", full_device()},
      {"QubitUnitary + CNOT", {{"QubitUnitary", "CNOT"}, false, false}},
      {"rotations + PhaseShift + CNOT + GlobalPhase",
       {{"RX", "RY", "RZ", "PhaseShift", "CNOT", "GlobalPhase"}, false, false}},
      {"Rot + CNOT", {{"Rot", "CNOT"}, false, false}},
      {"RZ + RX + CZ + Hadamard", {{"RZ", "RX", "CZ", "Hadamard"}, false, false}},
      {"full set without control wires or adjoint", {full_device().gates, false, false}},
      {"PauliX + SX + QubitUnitary, controlled", {{"PauliX", "SX", "QubitUnitary"}, true, true}},
      {"Rot + PauliX, controlled", {{"Rot", "PauliX"}, true, false}},
      {"PhaseShift + RY + ControlledPhaseShift + Hadamard + CZ, controlled",
       {{"PhaseShift", "RY", "ControlledPhaseShift", "Hadamard", "CZ"}, true, false}},
  };
}

std::string number(double value) {
  std::ostringstream out;
  out.precision(17);
  out << value;
  return out.str();
}

// Checks lowered == expansion on every device; returns the lowering for the full device.
LoweredProgram check_exact(const qrt::program::Program& program) {
  const Matrix expected = expanded_unitary(program);
  LoweredProgram full;
  for (const NamedDevice& device : devices()) {
    INFO("device: " << device.name);
    const LoweredProgram lowered = qrt::program::lower(program, device.gates);
    CHECK(max_difference(unitary_of(lowered), expected) <= 1e-12);
    if (device.name == "full native set") full = lowered;
  }
  return full;
}

std::vector<std::string> names_of(const LoweredProgram& lowered) {
  std::vector<std::string> names;
  for (const auto& op : lowered.operations) {
    names.push_back(op.kind == LoweredKind::Matrix ? std::string("<matrix>") : std::string(lowered.gate_name(op)));
  }
  return names;
}

}  // namespace

TEST_CASE("qasm: every qelib1 gate lowers exactly on every device", "[qasm][lowering]") {
  const auto library = parse("OPENQASM 2.0;\ninclude \"qelib1.inc\";\n");
  const std::vector<std::vector<double>> parameter_sets{
      {0.7311, -1.2783, 2.4097, 0.4419}, {-2.9, 0.05, 3.3, -1.7}, {0, 0, 0, 0}};
  std::size_t checked = 0;
  for (const auto& gate : library.gates) {
    if (!gate.builtin) continue;
    const std::size_t n = gate.qubits.size();
    for (const auto& values : parameter_sets) {
      // Arguments in reverse order on an n+1 qubit register, leaving q[0] idle: wire order mistakes and
      // stray operations both show up.
      std::string source =
          "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[" + std::to_string(n + 1) + "];\n" + gate.name;
      for (std::size_t i = 0; i < gate.params.size(); ++i) source += (i == 0 ? "(" : ", ") + number(values[i]);
      source += gate.params.empty() ? " " : ") ";
      for (std::size_t i = 0; i < n; ++i) source += (i == 0 ? "q[" : ", q[") + std::to_string(n - i) + "]";
      source += ";\n";
      INFO(source);
      check_exact(parse(source));
      ++checked;
    }
  }
  CHECK(checked == 3 * (2 + 42));  // U, CX and the 42 qelib1 gates
}

TEST_CASE("qasm: user gates under broadcasting lower exactly", "[qasm][lowering]") {
  const auto program = parse(R"(OPENQASM 2.0;
include "qelib1.inc";
gate entangle(a, b) x, y { cu3(a, b, a*b) x, y; rzz(b) y, x; sx x; cu(a, -b, 0.3, b/2) y, x; }
gate layer(t) x, y, z, w { entangle(t, t/2) x, z; csx z, y; c3sqrtx x, y, z, w; rccx w, x, y; }
qreg q[2];
qreg r[2];
entangle(0.3, -1.2) q, r;
layer(0.9) q[0], r[1], q[1], r[0];
cswap q[0], r[1], q[1];
h r;
cp(-0.4) q[1], r;
)");
  CHECK(program.gate_count() == 8);
  check_exact(program);
}

TEST_CASE("qasm: the full device gets direct mappings", "[qasm][lowering]") {
  struct Expectation {
    std::string statement;
    std::vector<std::string> names;
    std::size_t controls;
    bool adjoint;
    double global_phase;
  };
  const std::vector<Expectation> expectations = {
      {"h q[0];", {"Hadamard"}, 0, false, 0.0},
      {"cx q[0], q[1];", {"CNOT"}, 0, false, 0.0},
      {"CX q[0], q[1];", {"CNOT"}, 0, false, 0.0},
      {"sdg q[0];", {"S"}, 0, true, 0.0},
      {"tdg q[0];", {"T"}, 0, true, 0.0},
      {"sx q[0];", {"SX"}, 0, false, -kPi / 4},
      {"sxdg q[0];", {"SX"}, 0, true, kPi / 4},
      {"rz(0.3) q[0];", {"PhaseShift"}, 0, false, 0.0},
      {"cu1(0.3) q[0], q[1];", {"ControlledPhaseShift"}, 0, false, 0.0},
      {"cp(0.3) q[0], q[1];", {"ControlledPhaseShift"}, 0, false, 0.0},
      {"rzz(0.3) q[0], q[1];", {"IsingZZ"}, 0, false, 0.15},
      {"rxx(0.3) q[0], q[1];", {"IsingXX"}, 0, false, -0.15},
      {"ch q[0], q[1];", {"CH"}, 0, false, kPi / 4},
      {"ccx q[0], q[1], q[2];", {"Toffoli"}, 0, false, 0.0},
      {"cswap q[0], q[1], q[2];", {"CSWAP"}, 0, false, 0.0},
      {"crz(0.3) q[0], q[1];", {"CRZ"}, 0, false, 0.0},
      {"cu3(0.1, 0.2, 0.3) q[0], q[1];", {"CRot", "PhaseShift"}, 0, false, 0.0},
      {"csx q[0], q[1];", {"SX"}, 1, false, 0.0},
      {"c3x q[0], q[1], q[2], q[3];", {"PauliX"}, 3, false, 0.0},
      {"c3sqrtx q[0], q[1], q[2], q[3];", {"SX"}, 3, false, 0.0},
      {"c4x q[0], q[1], q[2], q[3], q[4];", {"PauliX"}, 4, false, 0.0},
      {"u3(0.1, 0.2, 0.3) q[0];", {"<matrix>"}, 0, false, 0.0},
      {"U(0.1, 0.2, 0.3) q[0];", {"<matrix>"}, 0, false, 0.0},
      {"id q[0];", {}, 0, false, 0.0},
  };
  for (const Expectation& e : expectations) {
    INFO(e.statement);
    const auto program = parse("OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[5];\n" + e.statement + "\n");
    const LoweredProgram lowered = check_exact(program);
    CHECK(names_of(lowered) == e.names);
    if (!lowered.operations.empty()) {
      CHECK(lowered.operations[0].controls.count == e.controls);
      CHECK(lowered.operations[0].adjoint == e.adjoint);
    }
    CHECK(lowered.global_phase == Approx(e.global_phase).margin(1e-15));
  }
}

TEST_CASE("qasm: a minimal device gets expansions", "[qasm][lowering]") {
  const auto program = parse("OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[3];\nh q[0];\nccx q[0], q[1], q[2];\n");
  const LoweredProgram lowered = qrt::program::lower(program, {{"QubitUnitary", "CNOT"}, false, false});
  std::size_t matrices = 0, cnots = 0;
  for (const auto& op : lowered.operations) {
    if (op.kind == LoweredKind::Matrix) {
      ++matrices;
      CHECK(lowered.matrix(op).size() == 4);
    } else {
      CHECK(lowered.gate_name(op) == "CNOT");
      ++cnots;
    }
  }
  CHECK(matrices == 1 + 9);  // h, and the nine single-qubit gates of qelib1's ccx
  CHECK(cnots == 6);
  CHECK(lowered.gate_names == std::vector<std::string>{"CNOT"});
}

TEST_CASE("qasm: a user gate that shadows a standard name is expanded, not mapped", "[qasm][lowering]") {
  // Without qelib1, `x` is whatever the file says it is.
  const auto program = parse(
      "OPENQASM 2.0;\ngate x a { U(0, 0, pi/3) a; }\ngate cx a, b { CX b, a; }\nqreg q[2];\nx q[0];\ncx q[0], q[1];\n");
  const LoweredProgram lowered = check_exact(program);
  CHECK(names_of(lowered) == std::vector<std::string>{"<matrix>", "CNOT"});
  CHECK(lowered.targets(lowered.operations[1])[0] == 1);  // the user's cx is reversed
}

TEST_CASE("qasm: global phases are accumulated, conditional ones become GlobalPhase operations", "[qasm][lowering]") {
  const DeviceGateSet rotations{{"RX", "RY", "RZ", "CNOT", "GlobalPhase"}, false, false};
  const auto program = parse(
      "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[1];\ncreg c[1];\n"
      "rz(0.4) q[0];\nrz(0.6) q[0];\nif (c == 1) rz(0.5) q[0];\n");
  const LoweredProgram lowered = qrt::program::lower(program, rotations);
  CHECK(lowered.global_phase == Approx(0.5));
  REQUIRE(names_of(lowered) == std::vector<std::string>{"RZ", "RZ", "RZ", "GlobalPhase"});
  for (std::size_t i = 2; i < 4; ++i) {
    REQUIRE(lowered.operations[i].condition.has_value());
    CHECK(lowered.operations[i].condition->value == 1);
  }
  CHECK(lowered.params(lowered.operations[3])[0] == Approx(-0.25));

  const LoweredProgram without = qrt::program::lower(program, {{"RX", "RY", "RZ", "CNOT"}, false, false});
  CHECK(names_of(without) == std::vector<std::string>{"RZ", "RZ", "RZ"});  // an unobservable phase is dropped
}

// Measurement, a barrier, a condition and a reset (lines 7-9), shared by the tests below.
constexpr const char* kMeasuringProgram = R"(OPENQASM 2.0;
include "qelib1.inc";
qreg q[2];
creg c[2];
h q[0];
barrier q;
measure q -> c;
if (c == 3) x q[1];
reset q[1];
)";

TEST_CASE("qasm: measure, reset, barrier and conditions pass through", "[qasm][lowering]") {
  const auto program = parse(kMeasuringProgram);
  const LoweredProgram lowered = qrt::program::lower(program, full_device());
  CHECK(lowered.num_qubits == 2);
  CHECK(lowered.num_clbits == 2);
  REQUIRE(lowered.operations.size() == 6);
  CHECK(lowered.operations[1].kind == LoweredKind::Barrier);
  CHECK(lowered.targets(lowered.operations[1]).size() == 2);
  CHECK(lowered.operations[2].kind == LoweredKind::Measure);
  CHECK(lowered.operations[3].kind == LoweredKind::Measure);
  CHECK(lowered.targets(lowered.operations[3])[0] == 1);
  CHECK(lowered.operations[3].clbit == 1);
  CHECK(lowered.gate_name(lowered.operations[4]) == "PauliX");
  REQUIRE(lowered.operations[4].condition.has_value());
  CHECK(lowered.operations[4].condition->size == 2);
  CHECK(lowered.operations[4].condition->value == 3);
  CHECK(lowered.operations[5].kind == LoweredKind::Reset);
  CHECK(lowered.operations[5].pos.line == 9);
  CHECK(lowered.gate_names == std::vector<std::string>{"Hadamard", "PauliX"});
}

TEST_CASE("qasm: drop_measurements leaves out measure, reset and conditional operations only", "[qasm][lowering]") {
  const auto program = parse(std::string(kMeasuringProgram) + R"(cx q[0], q[1];
if (c == 1) u2(0.1, 0.2) q[0];
)");
  qrt::program::LoweringOptions options;
  options.drop_measurements = true;
  const LoweredProgram lowered = qrt::program::lower(program, full_device(), options);
  REQUIRE(lowered.operations.size() == 3);
  CHECK(lowered.gate_name(lowered.operations[0]) == "Hadamard");
  CHECK(lowered.operations[1].kind == LoweredKind::Barrier);
  CHECK(lowered.gate_name(lowered.operations[2]) == "CNOT");
  CHECK(lowered.operations[2].pos.line == 10);
  CHECK(lowered.gate_names == std::vector<std::string>{"Hadamard", "CNOT"});
  CHECK(lowered.num_clbits == 2);

  // Dropped operations are not lowered at all: gates the device lacks there (x, u2) are no error.
  const DeviceGateSet hadamard_and_cnot{{"Hadamard", "CNOT"}, false, false};
  CHECK_THROWS(qrt::program::lower(program, hadamard_and_cnot));
  CHECK(qrt::program::lower(program, hadamard_and_cnot, options).operations.size() == 3);
}

TEST_CASE("qasm: opaque gates need the device's own gate", "[qasm][lowering]") {
  const auto program = parse("OPENQASM 2.0;\nopaque magic(a) x, y;\nqreg q[2];\nmagic(0.5) q[1], q[0];\n");
  try {
    (void)qrt::program::lower(program, {{"CNOT", "RX"}, false, false});
    FAIL("expected an error");
  } catch (const qrt::program::Error& error) {
    CHECK(error.line() == 4);
    CHECK(error.column() == 1);
    CHECK(error.message() ==
          "cannot lower gate 'magic' to this device's gates: it needs a device gate named 'magic' "
          "(it is opaque); device gates: [CNOT, RX]");
  }
  const LoweredProgram lowered = qrt::program::lower(program, {{"CNOT", "Magic"}, false, false});
  REQUIRE(lowered.operations.size() == 1);
  CHECK(lowered.gate_name(lowered.operations[0]) == "Magic");
  CHECK(lowered.params(lowered.operations[0])[0] == 0.5);
  CHECK(std::vector<std::uint32_t>(lowered.targets(lowered.operations[0]).begin(),
                                   lowered.targets(lowered.operations[0]).end()) == std::vector<std::uint32_t>{1, 0});
  CHECK_THROWS_WITH(qrt::program::expand_to_primitives(program),
                    Catch::Matchers::Contains("opaque gate 'magic' has no definition"));
}

TEST_CASE("qasm: a device without the needed gates gets an error naming gate and gate list", "[qasm][lowering]") {
  const auto program = parse("OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[3];\nh q[0];\n  ccx q[0], q[1], q[2];\n");
  try {
    (void)qrt::program::lower(program, {{"Hadamard", "RX"}, false, false});
    FAIL("expected an error");
  } catch (const qrt::program::Error& error) {
    CHECK(error.line() == 5);
    CHECK(error.column() == 3);
    CHECK(error.message() ==
          "cannot lower gate 'ccx' to this device's gates: it has no native mapping, and its definition reaches 'CX' "
          "(ccx -> cx -> CX), which needs one of: CNOT | PauliX (with 1 control wire) | Hadamard + CZ + Hadamard; "
          "device gates: [Hadamard, RX]");
  }
  const auto u_only = parse("OPENQASM 2.0;\nqreg q[1];\nU(1, 2, 3) q[0];\n");
  CHECK_THROWS_WITH(
      qrt::program::lower(u_only, {{"CNOT"}, false, false}),
      Catch::Matchers::Contains("cannot lower gate 'U' to this device's gates: it needs one of: QubitUnitary | "
                                "Rot | PhaseShift + RY + PhaseShift | RZ + RY + RZ | RZ + RX + RZ"));
}

TEST_CASE("qasm: expansion errors are reported with the gate body position and the call site", "[qasm][lowering]") {
  const auto program =
      parse("OPENQASM 2.0;\ninclude \"qelib1.inc\";\ngate g(t) a { rx(1/t) a; }\nqreg q[1];\ng(0) q[0];\n");
  for (const auto& run : {std::function<void()>([&] { (void)qrt::program::lower(program, full_device()); }),
                          std::function<void()>([&] { (void)qrt::program::expand_to_primitives(program); })}) {
    try {
      run();
      FAIL("expected an error");
    } catch (const qrt::program::Error& error) {
      CHECK(error.line() == 3);
      CHECK(error.column() == 19);
      CHECK(error.message() == "division by zero (in gate 'g' with t=0, applied at test.qasm:5:1)");
    }
  }
}

TEST_CASE("qasm: exponential gate nesting is stopped by the operation limit", "[qasm][lowering]") {
  std::string source = "OPENQASM 2.0;\ngate g0 a { U(0.1, 0.2, 0.3) a; }\n";
  for (int i = 1; i <= 12; ++i) {
    const std::string prev = "g" + std::to_string(i - 1);
    source += "gate g" + std::to_string(i) + " a {";
    for (int k = 0; k < 10; ++k) source += " " + prev + " a;";
    source += " }\n";
  }
  source += "qreg q[1];\ng12 q[0];\n";  // 10^12 primitive gates
  const auto program = parse(source);
  qrt::program::LoweringOptions options;
  options.max_operations = 10000;
  CHECK_THROWS_WITH(qrt::program::lower(program, full_device(), options),
                    Catch::Matchers::Contains("lowering the program exceeds the limit of 10000 operations"));
  CHECK_THROWS_WITH(qrt::program::expand_to_primitives(program, 10000),
                    Catch::Matchers::Contains("exceeds the limit of 10000 operations"));

  // Gates that expand to nothing at all must not make lowering run for ever either.
  std::string empty = "OPENQASM 2.0;\ngate e0 a { }\n";
  for (int i = 1; i <= 12; ++i) {
    empty += "gate e" + std::to_string(i) + " a {";
    for (int k = 0; k < 10; ++k) empty += " e" + std::to_string(i - 1) + " a;";
    empty += " }\n";
  }
  empty += "qreg q[1];\ne12 q[0];\n";
  const auto nothing = parse(empty);
  CHECK_THROWS_WITH(qrt::program::lower(nothing, full_device(), options),
                    Catch::Matchers::Contains("expands more than 40000 gate applications"));
  CHECK_THROWS_WITH(qrt::program::expand_to_primitives(nothing, 10000),
                    Catch::Matchers::Contains("takes more than 40000 gate applications"));
}

TEST_CASE("qasm: parsing and lowering may run concurrently", "[qasm][lowering]") {
  // The built-in library and the rule table are shared, lazily built statics.
  const std::string source =
      "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[3];\nccx q[0], q[1], q[2];\ncu3(1, 2, 3) q[2], q[0];\n";
  const Matrix expected = expanded_unitary(parse(source));
  std::vector<LoweredProgram> results(4);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < results.size(); ++i) {
    threads.emplace_back([&, i] {
      const auto program = qrt::qasm::parse_string(source, "thread.qasm");
      results[i] =
          qrt::program::lower(program, i % 2 == 0 ? full_device() : DeviceGateSet{{"Rot", "CNOT"}, false, false});
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (const LoweredProgram& lowered : results) CHECK(max_difference(unitary_of(lowered), expected) <= 1e-12);
}
