/*
 * qrt runtime C API — what compiled quantum programs (QIR-style) call. Pure C.
 *
 * Model (PennyLane Catalyst's device pool): __quantum__rt__device_init(lib, name, kwargs) makes a device
 * the calling thread's current device, reusing an Inactive pooled instance with the same (library,
 * name, canonical kwargs) or creating one; __quantum__rt__device_release() returns it to the pool
 * (Inactive, reset). Each thread has its own current device, so several programs run at once on
 * several devices. Qubit, gate and measurement calls act on the calling thread's current device.
 *
 * Errors. No C++ exception ever leaves these functions. On error the runtime records a message
 * (qrt_last_error) and calls the error handler: by default it prints "qrt: error: <message>" to stderr
 * and exits with status 1, as QIR's `fail`. A handler installed with qrt_set_error_handler may return;
 * the failed call then returns a neutral value (NULL, 0, false) and has no other effect.
 *
 * Threads: every function may be called from any thread. initialize/finalize are global; device_init,
 * device_release, qubits, gates, measurements and results are per thread. After finalize, a thread that
 * still had a device gets an error on its next call and its device is destroyed.
 */
#ifndef QRT_RUNTIME_H
#define QRT_RUNTIME_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct QUBIT QUBIT;       /* opaque qubit handle; never dereferenced */
typedef struct RESULT RESULT;     /* QIR base-profile static result: the pointer value is its index */
typedef struct QirArray QirArray; /* an array of QUBIT* owned by the runtime */

/* Error handling ------------------------------------------------------------------------------ */
/* Called with the message (valid during the call) and the context given at installation. */
typedef void (*qrt_error_handler)(const char* message, void* context);
/* Installs a process-wide handler; NULL restores the default (print and exit(1)). */
void qrt_set_error_handler(qrt_error_handler handler, void* context);
/* The calling thread's last error message, or "" if none. Valid until the thread's next qrt call. */
const char* qrt_last_error(void);
void qrt_clear_error(void);

/* Lifecycle ------------------------------------------------------------------------------------ */
/* Discovers plugins and creates the device pool. `reserved` must be NULL (QIR passes i8* here). */
void __quantum__rt__initialize(int8_t* reserved);
/* Destroys every pooled device; active devices of other threads are destroyed when those threads next
 * call the runtime or exit. initialize may be called again afterwards. */
void __quantum__rt__finalize(void);
/* lib: a plugin file, or NULL/"" to resolve `name` through discovery. name: e.g. "statevector.qubit".
 * kwargs: NULL/"", "key=value,..." or a JSON object. All strings are borrowed, UTF-8, NUL-terminated. */
void __quantum__rt__device_init(int8_t* lib, int8_t* name, int8_t* kwargs);
void __quantum__rt__device_release(void);

/* Qubits ----------------------------------------------------------------------------------------- */
QUBIT* __quantum__rt__qubit_allocate(void);
void __quantum__rt__qubit_release(QUBIT* qubit);
/* The array and its qubits are owned by the runtime until qubit_release_array. */
QirArray* __quantum__rt__qubit_allocate_array(int64_t count);
void __quantum__rt__qubit_release_array(QirArray* array);
int64_t __quantum__rt__array_get_size_1d(QirArray* array);
/* Pointer to element `index` (a QUBIT*), valid while the array lives. */
int8_t* __quantum__rt__array_get_element_ptr_1d(QirArray* array, int64_t index);

/* Gates (QIR quantum instruction set) ------------------------------------------------------------ */
void __quantum__qis__h__body(QUBIT* q);
void __quantum__qis__x__body(QUBIT* q);
void __quantum__qis__y__body(QUBIT* q);
void __quantum__qis__z__body(QUBIT* q);
void __quantum__qis__s__body(QUBIT* q);
void __quantum__qis__s__adj(QUBIT* q);
void __quantum__qis__t__body(QUBIT* q);
void __quantum__qis__t__adj(QUBIT* q);
void __quantum__qis__rx__body(double theta, QUBIT* q);
void __quantum__qis__ry__body(double theta, QUBIT* q);
void __quantum__qis__rz__body(double theta, QUBIT* q);
void __quantum__qis__cnot__body(QUBIT* control, QUBIT* target);
void __quantum__qis__cz__body(QUBIT* control, QUBIT* target);
void __quantum__qis__swap__body(QUBIT* a, QUBIT* b);
void __quantum__qis__ccx__body(QUBIT* control1, QUBIT* control2, QUBIT* target);

/* Measurement and results ------------------------------------------------------------------------ */
/* Measures in Z (with collapse) and stores the outcome in result slot `result` of this thread. */
void __quantum__qis__mz__body(QUBIT* q, RESULT* result);
void __quantum__qis__reset__body(QUBIT* q);
bool __quantum__qis__read_result__body(RESULT* result);
/* Prints "OUTPUT\tRESULT\t<0|1>\t<label>" (QIR output schema) to stdout; label may be NULL. */
void __quantum__rt__result_record_output(RESULT* result, int8_t* label);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* QRT_RUNTIME_H */
