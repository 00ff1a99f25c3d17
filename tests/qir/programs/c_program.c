/* A C program calling qrt's runtime C API, compiled to LLVM IR by clang at build time (clang -S
 * -emit-llvm) and run by the QIR front end with --entry run: a GHZ state on static qubits, sampled. */
#include <qrt/runtime.h>

#include <stdint.h>

#define QUBIT_ID(n) ((QUBIT*)(uintptr_t)(n))
#define RESULT_ID(n) ((RESULT*)(uintptr_t)(n))

void run(void) {
  __quantum__qis__h__body(QUBIT_ID(0));
  for (int i = 0; i < 2; ++i) __quantum__qis__cnot__body(QUBIT_ID(i), QUBIT_ID(i + 1));
  __quantum__rt__array_record_output(3, (int8_t*)"ghz");
  for (int i = 0; i < 3; ++i) {
    __quantum__qis__mz__body(QUBIT_ID(i), RESULT_ID(i));
    __quantum__rt__result_record_output(RESULT_ID(i), 0);
  }
}
