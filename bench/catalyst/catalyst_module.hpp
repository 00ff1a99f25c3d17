// The benchmarks' circuits as qjit lays a module out (device strings as globals, setup / jit_<name> /
// teardown, LightningSimulator through the 5-argument device_init, qubits from array_get_element_ptr_1d,
// gates with a null Modifiers*, <Z0> returned as a 0-d f64 memref), beside the same circuit in OpenQASM.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iomanip>
#include <sstream>
#include <string>
#include <utility>

namespace qrt_bench {

inline std::string catalyst_double(double v) {
  std::uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  char text[24];
  std::snprintf(text, sizeof text, "0x%016llX", static_cast<unsigned long long>(bits));
  return text;
}

// The layered circuit (`layers` layers of rx, ry, rz on every qubit and a CNOT ladder), <Z0>. With
// `angle_argument`, every rotation angle is 0.1 * layer + 0.01 * qubit + x, x the entry's 0-d f64 argument
// (a variational circuit's parameter); without it the angles are constants.
inline std::pair<std::string, std::string> catalyst_layered(int qubits, int layers, bool angle_argument = false) {
  std::ostringstream ir, qasm;
  ir << "@lib = internal constant [28 x i8] c\"liblightning_qubit_catalyst\\00\"\n"
        "@name = internal constant [19 x i8] c\"LightningSimulator\\00\"\n"
        "@kwargs = internal constant [54 x i8] c\"{'mcmc': False, 'num_burnin': 0, 'kernel_name': None}\\00\"\n"
        "declare void @__catalyst__rt__initialize(ptr)\n"
        "declare void @__catalyst__rt__finalize()\n"
        "declare void @__catalyst__rt__device_init(ptr, ptr, ptr, i64, i1)\n"
        "declare void @__catalyst__rt__device_release()\n"
        "declare ptr @__catalyst__rt__qubit_allocate_array(i64)\n"
        "declare void @__catalyst__rt__qubit_release_array(ptr)\n"
        "declare ptr @__catalyst__rt__array_get_element_ptr_1d(ptr, i64)\n"
        "declare void @__catalyst__qis__RX(double, ptr, ptr)\n"
        "declare void @__catalyst__qis__RY(double, ptr, ptr)\n"
        "declare void @__catalyst__qis__RZ(double, ptr, ptr)\n"
        "declare void @__catalyst__qis__CNOT(ptr, ptr, ptr)\n"
        "declare i64 @__catalyst__qis__NamedObs(i64, ptr)\n"
        "declare double @__catalyst__qis__Expval(i64)\n"
        "declare ptr @_mlir_memref_to_llvm_alloc(i64)\n";
  ir << "define { ptr, ptr, i64 } @jit_layered(" << (angle_argument ? "ptr %xa, ptr %xp, i64 %xo" : "") << ") {\n";
  if (angle_argument) ir << "  %xq = getelementptr inbounds double, ptr %xp, i64 %xo\n  %x = load double, ptr %xq\n";
  ir << "  call void @__catalyst__rt__device_init(ptr @lib, ptr @name, ptr @kwargs, i64 0, i1 false)\n"
     << "  %reg = call ptr @__catalyst__rt__qubit_allocate_array(i64 " << qubits << ")\n";
  for (int i = 0; i < qubits; ++i)
    ir << "  %e" << i << " = call ptr @__catalyst__rt__array_get_element_ptr_1d(ptr %reg, i64 " << i << ")\n"
       << "  %q" << i << " = load ptr, ptr %e" << i << "\n";
  qasm << "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[" << qubits << "];\n";
  int value = 0;
  for (int l = 0; l < layers; ++l) {
    for (int i = 0; i < qubits; ++i) {
      const double a = 0.1 * (l + 1) + 0.01 * i;
      for (const char* g : {"RX", "RY", "RZ"}) {
        std::string angle = catalyst_double(a);
        if (angle_argument) {
          ir << "  %a" << value << " = fadd double %x, " << catalyst_double(a) << "\n";
          angle = "%a" + std::to_string(value++);
        }
        ir << "  call void @__catalyst__qis__" << g << "(double " << angle << ", ptr %q" << i << ", ptr null)\n";
        qasm << static_cast<char>(g[0] + 32) << static_cast<char>(g[1] + 32) << "(" << std::setprecision(17) << a
             << ") q[" << i << "];\n";
      }
    }
    for (int i = 0; i + 1 < qubits; ++i) {
      ir << "  call void @__catalyst__qis__CNOT(ptr %q" << i << ", ptr %q" << i + 1 << ", ptr null)\n";
      qasm << "cx q[" << i << "], q[" << i + 1 << "];\n";
    }
  }
  ir << "  %z = call i64 @__catalyst__qis__NamedObs(i64 3, ptr %q0)\n"
        "  %v = call double @__catalyst__qis__Expval(i64 %z)\n"
        "  %b = call ptr @_mlir_memref_to_llvm_alloc(i64 8)\n"
        "  store double %v, ptr %b\n"
        "  call void @__catalyst__rt__qubit_release_array(ptr %reg)\n"
        "  call void @__catalyst__rt__device_release()\n"
        "  %d0 = insertvalue { ptr, ptr, i64 } poison, ptr %b, 0\n"
        "  %d1 = insertvalue { ptr, ptr, i64 } %d0, ptr %b, 1\n"
        "  %d = insertvalue { ptr, ptr, i64 } %d1, i64 0, 2\n"
        "  ret { ptr, ptr, i64 } %d\n}\n"
        "define void @setup() {\n  call void @__catalyst__rt__initialize(ptr null)\n  ret void\n}\n"
        "define void @teardown() {\n  call void @__catalyst__rt__finalize()\n  ret void\n}\n";
  return {ir.str(), qasm.str()};
}

}  // namespace qrt_bench
