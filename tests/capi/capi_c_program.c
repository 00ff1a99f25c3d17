/* Drives the runtime C API the way a compiled QIR program does, on null.qubit, in plain C11.
 * Exits non-zero on the first wrong result (the default error handler already exits on errors). */
#include <qrt/runtime.h>

#include <stdio.h>
#include <string.h>

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      return 1;                                                                \
    }                                                                          \
  } while (0)

static int handler_calls = 0;
static void counting_handler(const char* message, void* context) {
  (void)message;
  ++*(int*)context;
}

int main(void) {
  __quantum__rt__initialize(NULL);
  __quantum__rt__device_init(NULL, (int8_t*)"null.qubit", (int8_t*)"shots=100");

  QirArray* q = __quantum__rt__qubit_allocate_array(3);
  CHECK(__quantum__rt__array_get_size_1d(q) == 3);
  QUBIT* q0 = *(QUBIT**)__quantum__rt__array_get_element_ptr_1d(q, 0);
  QUBIT* q1 = *(QUBIT**)__quantum__rt__array_get_element_ptr_1d(q, 1);
  QUBIT* q2 = *(QUBIT**)__quantum__rt__array_get_element_ptr_1d(q, 2);
  CHECK(q0 != q1 && q1 != q2);

  __quantum__qis__h__body(q0);
  __quantum__qis__x__body(q1);
  __quantum__qis__y__body(q2);
  __quantum__qis__z__body(q0);
  __quantum__qis__s__body(q0);
  __quantum__qis__s__adj(q0);
  __quantum__qis__t__body(q1);
  __quantum__qis__t__adj(q1);
  __quantum__qis__rx__body(0.5, q0);
  __quantum__qis__ry__body(0.25, q1);
  __quantum__qis__rz__body(-1.5, q2);
  __quantum__qis__cnot__body(q0, q1);
  __quantum__qis__cz__body(q1, q2);
  __quantum__qis__swap__body(q0, q2);
  __quantum__qis__ccx__body(q0, q1, q2);

  QUBIT* extra = __quantum__rt__qubit_allocate();
  __quantum__qis__reset__body(extra);
  __quantum__qis__mz__body(extra, (RESULT*)(uintptr_t)0);
  __quantum__qis__mz__body(q2, (RESULT*)(uintptr_t)1);
  CHECK(__quantum__qis__read_result__body((RESULT*)(uintptr_t)0) == false); /* null.qubit measures 0 */
  CHECK(__quantum__qis__read_result__body((RESULT*)(uintptr_t)1) == false);
  __quantum__rt__result_record_output((RESULT*)(uintptr_t)1, (int8_t*)"r1");
  __quantum__rt__qubit_release(extra);

  /* Errors are values once a handler is installed: the call reports and returns. */
  qrt_set_error_handler(counting_handler, &handler_calls);
  CHECK(__quantum__rt__array_get_element_ptr_1d(q, 3) == NULL);
  CHECK(handler_calls == 1);
  CHECK(strstr(qrt_last_error(), "outside an array of 3 qubits") != NULL);
  CHECK(__quantum__qis__read_result__body((RESULT*)(uintptr_t)7) == false); /* never measured: Zero */
  CHECK(handler_calls == 1);
  __quantum__qis__read_result__body((RESULT*)((uintptr_t)1 << 30));
  CHECK(handler_calls == 2 && strstr(qrt_last_error(), "neither a static result slot") != NULL);
  __quantum__rt__device_init(NULL, (int8_t*)"null.qubit", NULL); /* already active */
  CHECK(handler_calls == 3 && strstr(qrt_last_error(), "already has an active device") != NULL);
  qrt_set_error_handler(NULL, NULL);

  __quantum__rt__qubit_release_array(q);
  __quantum__rt__device_release();

  /* The same (library, name, kwargs) again is served from the pool. */
  __quantum__rt__device_init((int8_t*)"", (int8_t*)"null.qubit", (int8_t*)"{\"shots\": 100}");
  __quantum__rt__device_release();
  __quantum__rt__finalize();
  puts("capi C program: all checks passed");
  return 0;
}
