// The benchmarks' layered circuit, written as QIR (LLVM IR text) and as OpenQASM 2.0: `layers` layers of
// rx, ry, rz on every qubit and a CNOT ladder; when `measured`, every qubit is measured at the end and the
// results recorded as one array (QIR) / counted in one register (OpenQASM).
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iomanip>
#include <sstream>
#include <string>
#include <utility>

namespace qrt_bench {

// LLVM IR spells a double exactly as 0x followed by its 16 hex digits.
inline std::string ir_double(double v) {
  std::uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  char text[24];
  std::snprintf(text, sizeof text, "0x%016llX", static_cast<unsigned long long>(bits));
  return text;
}

inline std::string ir_qubit(int i) {
  return i == 0 ? "ptr null" : "ptr inttoptr (i64 " + std::to_string(i) + " to ptr)";
}

inline std::pair<std::string, std::string> layered_circuit(int qubits, int layers, bool measured = false) {
  std::ostringstream ir, qasm;
  ir << "define void @main() #0 {\n";
  qasm << "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[" << qubits << "];\n";
  if (measured) qasm << "creg c[" << qubits << "];\n";
  for (int l = 0; l < layers; ++l) {
    for (int i = 0; i < qubits; ++i) {
      double a = 0.1 * (l + 1) + 0.01 * i;
      for (const char* g : {"rx", "ry", "rz"}) {
        ir << "  call void @__quantum__qis__" << g << "__body(double " << ir_double(a) << ", " << ir_qubit(i) << ")\n";
        qasm << g << "(" << std::setprecision(17) << a << ") q[" << i << "];\n";
      }
    }
    for (int i = 0; i + 1 < qubits; ++i) {
      ir << "  call void @__quantum__qis__cnot__body(" << ir_qubit(i) << ", " << ir_qubit(i + 1) << ")\n";
      qasm << "cx q[" << i << "], q[" << i + 1 << "];\n";
    }
  }
  if (measured) {
    for (int i = 0; i < qubits; ++i) {
      ir << "  call void @__quantum__qis__mz__body(" << ir_qubit(i) << ", " << ir_qubit(i) << ")\n";
      qasm << "measure q[" << i << "] -> c[" << i << "];\n";
    }
    ir << "  call void @__quantum__rt__array_record_output(i64 " << qubits << ", ptr null)\n";
    for (int i = 0; i < qubits; ++i)
      ir << "  call void @__quantum__rt__result_record_output(" << ir_qubit(i) << ", ptr null)\n";
  }
  ir << "  ret void\n}\n"
     << "declare void @__quantum__qis__h__body(ptr)\n"
        "declare void @__quantum__qis__rx__body(double, ptr)\n"
        "declare void @__quantum__qis__ry__body(double, ptr)\n"
        "declare void @__quantum__qis__rz__body(double, ptr)\n"
        "declare void @__quantum__qis__cnot__body(ptr, ptr)\n"
        "declare void @__quantum__qis__mz__body(ptr, ptr)\n"
        "declare void @__quantum__rt__array_record_output(i64, ptr)\n"
        "declare void @__quantum__rt__result_record_output(ptr, ptr)\n"
     << "attributes #0 = { \"entry_point\" \"qir_profiles\"=\"base_profile\" \"required_num_qubits\"=\"" << qubits
     << "\" \"required_num_results\"=\"" << (measured ? qubits : 0) << "\" }\n";
  return {ir.str(), qasm.str()};
}

}  // namespace qrt_bench
