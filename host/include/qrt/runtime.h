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

typedef struct QUBIT QUBIT;             /* a qubit id: the pointer value is the id, NULL is qubit 0 */
typedef struct RESULT RESULT;           /* a result: a static slot index (pointer value) or a runtime result */
typedef struct QirArray QirArray;       /* runtime-owned, reference counted */
typedef struct QirString QirString;     /* runtime-owned, reference counted */
typedef struct QirBigInt QirBigInt;     /* runtime-owned, reference counted */
typedef struct QirCallable QirCallable; /* runtime-owned, reference counted */
typedef int8_t QirTuple;                /* a tuple is the address of its fields, written by the program */
typedef int8_t QirPauli;                /* QIR's i2: I = 0, X = 1, Z = 2, Y = 3 */
typedef struct QirRange {               /* QIR's %Range: start, start+step, ... up to and including end */
  int64_t start, step, end;
} QirRange;

/* Error handling ------------------------------------------------------------------------------ */
/* Called with the message (valid during the call) and the context given at installation. */
typedef void (*qrt_error_handler)(const char* message, void* context);
/* Installs a process-wide handler; NULL restores the default (print and exit(1)). */
void qrt_set_error_handler(qrt_error_handler handler, void* context);
/* The calling thread's last error message, or "" if none. Valid until the thread's next qrt call. */
const char* qrt_last_error(void);
void qrt_clear_error(void);

/* Lifecycle ------------------------------------------------------------------------------------ */
/* Discovers plugins and creates the device pool. `reserved` must be NULL (QIR passes i8* here). Inside a
 * run driven by the QIR front end (`qrt run prog.ll`) the runtime is already up and this does nothing. */
void __quantum__rt__initialize(int8_t* reserved);
/* Destroys every pooled device; active devices of other threads are destroyed when those threads next
 * call the runtime or exit. initialize may be called again afterwards. */
void __quantum__rt__finalize(void);
/* lib: a plugin file, or NULL/"" to resolve `name` through discovery. name: e.g. "statevector.qubit".
 * kwargs: NULL/"", "key=value,..." or a JSON object. All strings are borrowed, UTF-8, NUL-terminated. */
void __quantum__rt__device_init(int8_t* lib, int8_t* name, int8_t* kwargs);
void __quantum__rt__device_release(void);

/* Qubits ----------------------------------------------------------------------------------------- *
 * QIR addressing: a QUBIT* is a qubit id. Static ids (base/adaptive profile: `inttoptr (i64 N to
 * %Qubit*)`, NULL = 0) are bound to a device wire on first use; allocate hands out the lowest id that is
 * neither bound nor reserved for static use. An id at or beyond the device's qubit limit is an error. */
QUBIT* __quantum__rt__qubit_allocate(void);
void __quantum__rt__qubit_release(QUBIT* qubit);
/* An array of `count` new qubits (elements are QUBIT*), owned by the runtime until release_array. */
QirArray* __quantum__rt__qubit_allocate_array(int64_t count);
void __quantum__rt__qubit_release_array(QirArray* array);
QirString* __quantum__rt__qubit_to_string(QUBIT* qubit);

/* Arrays (one-dimensional; elements of element_size bytes, zero-initialised) ---------------------- */
QirArray* __quantum__rt__array_create_1d(int32_t element_size, int64_t count);
int64_t __quantum__rt__array_get_size_1d(QirArray* array);
/* Pointer to element `index`'s storage, valid while the array lives. */
int8_t* __quantum__rt__array_get_element_ptr_1d(QirArray* array, int64_t index);
/* Elements start, start+step, ... up to and including end (QIR's %Range passed as three i64). */
QirArray* __quantum__rt__array_slice_1d(QirArray* array, int64_t start, int64_t step, int64_t end, bool force_copy);
QirArray* __quantum__rt__array_concatenate(QirArray* head, QirArray* tail);
/* The array itself when it has no aliases and !force_copy, else a new copy (reference count 1). */
QirArray* __quantum__rt__array_copy(QirArray* array, bool force_copy);
/* Reference count reaching 0 frees the array (NULL is ignored). */
void __quantum__rt__array_update_reference_count(QirArray* array, int32_t delta);
void __quantum__rt__array_update_alias_count(QirArray* array, int32_t delta);

/* Tuples ----------------------------------------------------------------------------------------- */
QirTuple* __quantum__rt__tuple_create(int64_t size_bytes);
QirTuple* __quantum__rt__tuple_copy(QirTuple* tuple, bool force_copy);
void __quantum__rt__tuple_update_reference_count(QirTuple* tuple, int32_t delta);
void __quantum__rt__tuple_update_alias_count(QirTuple* tuple, int32_t delta);

/* Strings ---------------------------------------------------------------------------------------- */
QirString* __quantum__rt__string_create(const char* utf8);
const char* __quantum__rt__string_get_data(QirString* string);
int32_t __quantum__rt__string_get_length(QirString* string);
QirString* __quantum__rt__string_concatenate(QirString* a, QirString* b);
bool __quantum__rt__string_equal(QirString* a, QirString* b);
void __quantum__rt__string_update_reference_count(QirString* string, int32_t delta);
QirString* __quantum__rt__int_to_string(int64_t value);
QirString* __quantum__rt__double_to_string(double value);
QirString* __quantum__rt__bool_to_string(bool value);
QirString* __quantum__rt__result_to_string(RESULT* result);
QirString* __quantum__rt__pauli_to_string(QirPauli pauli);
QirString* __quantum__rt__range_to_string(int64_t start, int64_t step, int64_t end);
QirString* __quantum__rt__bigint_to_string(QirBigInt* value);
/* Prints the string on stdout (or the driver's output), followed by a newline. */
void __quantum__rt__message(QirString* string);
/* Fails the program with the string as its message (error handler, or the driver's failure path). */
void __quantum__rt__fail(QirString* string);

/* The bridges older Q# compilers call (the module defines the __quantum__rt__ forms itself and passes
 * the %Range by pointer to these), as qir-runner exports them. */
QirArray* quantum__rt__array_slice_1d(QirArray* array, const QirRange* range, bool force_copy);
QirString* quantum__rt__range_to_string(const QirRange* range);

/* Classical helpers Q# programs call (qir-runner's names and meanings) ------------------------------ */
double __quantum__qis__nan__body(void);
double __quantum__qis__infinity__body(void);
bool __quantum__qis__isnan__body(double x);
bool __quantum__qis__isinf__body(double x); /* +infinity only */
bool __quantum__qis__isnegativeinfinity__body(double x);
double __quantum__qis__sin__body(double x);
double __quantum__qis__cos__body(double x);
double __quantum__qis__tan__body(double x);
double __quantum__qis__arcsin__body(double x);
double __quantum__qis__arccos__body(double x);
double __quantum__qis__arctan__body(double x);
double __quantum__qis__arctan2__body(double y, double x);
double __quantum__qis__sinh__body(double x);
double __quantum__qis__cosh__body(double x);
double __quantum__qis__tanh__body(double x);
double __quantum__qis__sqrt__body(double x);
double __quantum__qis__log__body(double x);
double __quantum__qis__ieeeremainder__body(double x, double y); /* x - y * round(x / y) */
/* Uniform in [min, max] (both included), from the thread's generator, which each shot seeds with its own
 * seed. min > max fails the program. */
int64_t __quantum__qis__drawrandomint__body(int64_t min, int64_t max);
double __quantum__qis__drawrandomdouble__body(double min, double max);
/* `size` zeroed bytes, owned by the runtime and freed at the end of the shot. */
int8_t* __quantum__rt__memory_allocate(uint64_t size);

/* Big integers ------------------------------------------------------------------------------------ */
QirBigInt* __quantum__rt__bigint_create_i64(int64_t value);
/* Little-endian two's complement bytes. */
QirBigInt* __quantum__rt__bigint_create_array(int32_t size, const int8_t* bytes);
int8_t* __quantum__rt__bigint_get_data(QirBigInt* value);
int32_t __quantum__rt__bigint_get_length(QirBigInt* value);
void __quantum__rt__bigint_update_reference_count(QirBigInt* value, int32_t delta);
QirBigInt* __quantum__rt__bigint_negate(QirBigInt* a);
QirBigInt* __quantum__rt__bigint_add(QirBigInt* a, QirBigInt* b);
QirBigInt* __quantum__rt__bigint_subtract(QirBigInt* a, QirBigInt* b);
QirBigInt* __quantum__rt__bigint_multiply(QirBigInt* a, QirBigInt* b);
QirBigInt* __quantum__rt__bigint_divide(QirBigInt* a, QirBigInt* b);
QirBigInt* __quantum__rt__bigint_modulus(QirBigInt* a, QirBigInt* b);
QirBigInt* __quantum__rt__bigint_power(QirBigInt* a, int32_t exponent);
QirBigInt* __quantum__rt__bigint_bitand(QirBigInt* a, QirBigInt* b);
QirBigInt* __quantum__rt__bigint_bitor(QirBigInt* a, QirBigInt* b);
QirBigInt* __quantum__rt__bigint_bitxor(QirBigInt* a, QirBigInt* b);
QirBigInt* __quantum__rt__bigint_bitnot(QirBigInt* a);
QirBigInt* __quantum__rt__bigint_shiftleft(QirBigInt* a, int64_t bits);
QirBigInt* __quantum__rt__bigint_shiftright(QirBigInt* a, int64_t bits);
bool __quantum__rt__bigint_equal(QirBigInt* a, QirBigInt* b);
bool __quantum__rt__bigint_greater(QirBigInt* a, QirBigInt* b);
bool __quantum__rt__bigint_greater_eq(QirBigInt* a, QirBigInt* b);

/* Callables --------------------------------------------------------------------------------------- *
 * table: four entries (body, adjoint, controlled, controlled adjoint; NULL where absent), each
 * void(capture, args tuple, result tuple). memory: NULL or two entries void(capture, int32 delta) for the
 * capture's reference and alias counts. A controlled callable takes (controls array, inner args) tuples. */
typedef void (*qrt_callable_entry)(QirTuple* capture, QirTuple* args, QirTuple* result);
typedef void (*qrt_capture_counter)(QirTuple* capture, int32_t delta);
QirCallable* __quantum__rt__callable_create(qrt_callable_entry* table, qrt_capture_counter* memory, QirTuple* capture);
void __quantum__rt__callable_invoke(QirCallable* callable, QirTuple* args, QirTuple* result);
QirCallable* __quantum__rt__callable_copy(QirCallable* callable, bool force_copy);
void __quantum__rt__callable_make_adjoint(QirCallable* callable);
void __quantum__rt__callable_make_controlled(QirCallable* callable);
void __quantum__rt__callable_update_reference_count(QirCallable* callable, int32_t delta);
void __quantum__rt__callable_update_alias_count(QirCallable* callable, int32_t delta);
void __quantum__rt__capture_update_reference_count(QirCallable* callable, int32_t delta);
void __quantum__rt__capture_update_alias_count(QirCallable* callable, int32_t delta);

/* Gates (QIR quantum instruction set) ------------------------------------------------------------ *
 * __ctl forms take an array of control qubits first; a gate with parameters then takes a tuple of its
 * arguments ({double, QUBIT*} for rotations). __adj is the inverse. */
void __quantum__qis__h__body(QUBIT* q);
void __quantum__qis__x__body(QUBIT* q);
void __quantum__qis__y__body(QUBIT* q);
void __quantum__qis__z__body(QUBIT* q);
void __quantum__qis__s__body(QUBIT* q);
void __quantum__qis__s__adj(QUBIT* q);
void __quantum__qis__t__body(QUBIT* q);
void __quantum__qis__t__adj(QUBIT* q);
void __quantum__qis__sx__body(QUBIT* q);
void __quantum__qis__rx__body(double theta, QUBIT* q);
void __quantum__qis__ry__body(double theta, QUBIT* q);
void __quantum__qis__rz__body(double theta, QUBIT* q);
void __quantum__qis__cnot__body(QUBIT* control, QUBIT* target);
void __quantum__qis__cx__body(QUBIT* control, QUBIT* target);
void __quantum__qis__cy__body(QUBIT* control, QUBIT* target);
void __quantum__qis__cz__body(QUBIT* control, QUBIT* target);
void __quantum__qis__swap__body(QUBIT* a, QUBIT* b);
void __quantum__qis__ccx__body(QUBIT* control1, QUBIT* control2, QUBIT* target);
void __quantum__qis__rxx__body(double theta, QUBIT* a, QUBIT* b);
void __quantum__qis__ryy__body(double theta, QUBIT* a, QUBIT* b);
void __quantum__qis__rzz__body(double theta, QUBIT* a, QUBIT* b);
void __quantum__qis__barrier__body(void);
/* Quantinuum's native gates (pytket-qir, hugr-qir): PhasedX(theta, phi) = RZ(phi) RX(theta) RZ(-phi),
 * also called U1q; ZZPhase(theta) = RZZ(theta) = exp(-i theta/2 Z x Z); ZZMax (pytket-qir's zz) =
 * ZZPhase(pi/2). */
void __quantum__qis__phasedx__body(double theta, double phi, QUBIT* q);
void __quantum__qis__u1q__body(double theta, double phi, QUBIT* q);
void __quantum__qis__zzphase__body(double theta, QUBIT* a, QUBIT* b);
void __quantum__qis__zzmax__body(QUBIT* a, QUBIT* b);
void __quantum__qis__zz__body(QUBIT* a, QUBIT* b);
void __quantum__qis__h__ctl(QirArray* controls, QUBIT* q);
void __quantum__qis__x__ctl(QirArray* controls, QUBIT* q);
void __quantum__qis__y__ctl(QirArray* controls, QUBIT* q);
void __quantum__qis__z__ctl(QirArray* controls, QUBIT* q);
void __quantum__qis__s__ctl(QirArray* controls, QUBIT* q);
void __quantum__qis__s__ctladj(QirArray* controls, QUBIT* q);
void __quantum__qis__t__ctl(QirArray* controls, QUBIT* q);
void __quantum__qis__t__ctladj(QirArray* controls, QUBIT* q);
void __quantum__qis__rx__ctl(QirArray* controls, QirTuple* angle_and_qubit);
void __quantum__qis__ry__ctl(QirArray* controls, QirTuple* angle_and_qubit);
void __quantum__qis__rz__ctl(QirArray* controls, QirTuple* angle_and_qubit);
void __quantum__qis__swap__ctl(QirArray* controls, QirTuple* two_qubits);
/* Pauli rotation exp(-i theta/2 P) and exponential exp(i theta P1 x P2 x ...). */
void __quantum__qis__r__body(QirPauli pauli, double theta, QUBIT* q);
void __quantum__qis__r__adj(QirPauli pauli, double theta, QUBIT* q);
void __quantum__qis__r__ctl(QirArray* controls, QirTuple* pauli_angle_qubit);
void __quantum__qis__r__ctladj(QirArray* controls, QirTuple* pauli_angle_qubit);
void __quantum__qis__exp__body(QirArray* paulis, double theta, QirArray* qubits);
void __quantum__qis__exp__adj(QirArray* paulis, double theta, QirArray* qubits);
void __quantum__qis__exp__ctl(QirArray* controls, QirTuple* paulis_angle_qubits);
void __quantum__qis__exp__ctladj(QirArray* controls, QirTuple* paulis_angle_qubits);

/* Measurement and results ------------------------------------------------------------------------ *
 * A RESULT* is either a static slot (its pointer value, NULL = slot 0; written by mz/mresetz) or a
 * runtime result (returned by m, measure, result_get_zero/one). */
/* Measures in Z (with collapse) and stores the outcome in static slot `result`. */
void __quantum__qis__mz__body(QUBIT* q, RESULT* result);
/* mz, then resets the qubit to |0>. */
void __quantum__qis__mresetz__body(QUBIT* q, RESULT* result);
/* Full QIR: measures in Z and returns the outcome as a runtime result. */
RESULT* __quantum__qis__m__body(QUBIT* q);
/* Joint measurement of the Pauli product paulis[0] x paulis[1] x ... on qubits (with collapse). */
RESULT* __quantum__qis__measure__body(QirArray* paulis, QirArray* qubits);
void __quantum__qis__reset__body(QUBIT* q);
bool __quantum__qis__read_result__body(RESULT* result);
bool __quantum__rt__read_result(RESULT* result);
RESULT* __quantum__rt__result_get_zero(void);
RESULT* __quantum__rt__result_get_one(void);
bool __quantum__rt__result_equal(RESULT* a, RESULT* b);
void __quantum__rt__result_update_reference_count(RESULT* result, int32_t delta);
/* Fails the program with `message` unless measuring the Pauli product (without collapse) gives `outcome`
 * with probability `probability` within `tolerance`. */
void __quantum__qis__assertmeasurementprobability__body(QirArray* paulis, QirArray* qubits, RESULT* outcome,
                                                        double probability, QirString* message, double tolerance);
/* The same inside a controlled operation (the controls change nothing): the tuple holds the arguments above. */
void __quantum__qis__assertmeasurementprobability__ctl(QirArray* controls, QirTuple* arguments);

/* Output (QIR output schema, as qir-runner prints it) ---------------------------------------------- *
 * Each prints one line "OUTPUT\t<KIND>\t<value>\t<label>" to stdout (or to the driver's output); label
 * may be NULL. */
void __quantum__rt__result_record_output(RESULT* result, int8_t* label);
void __quantum__rt__bool_record_output(bool value, int8_t* label);
void __quantum__rt__int_record_output(int64_t value, int8_t* label);
void __quantum__rt__double_record_output(double value, int8_t* label);
void __quantum__rt__tuple_record_output(int64_t count, int8_t* label);
void __quantum__rt__array_record_output(int64_t count, int8_t* label);
/* The older calls that bracket a container's elements: the elements are held until the container ends,
 * then recorded after one ARRAY/TUPLE record with their count (the same schema as the calls above). */
void __quantum__rt__array_start_record_output(void);
void __quantum__rt__array_end_record_output(void);
void __quantum__rt__tuple_start_record_output(void);
void __quantum__rt__tuple_end_record_output(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* QRT_RUNTIME_H */
