/*
 * Descriptors and entry point of the C test device, built once per variant (tests/abi_compat/CMakeLists.txt)
 * by clang with compile definitions:
 *
 *   C_DEVICE_NAME, C_PLUGIN_NAME   names (default "cstate.qubit" / "c-device")
 *   C_DEVICE_FROZEN_API            build against the frozen v1.0 header
 *   C_DEVICE_NEWER_MINOR           declare ABI 1.99: every struct carries extra trailing fields (and the
 *                                  function table an extra function) that this host does not know
 *   C_DEVICE_OLDER_MINOR           a function table cut short before `counts`; the slots past its end hold
 *                                  working functions that count their calls: a host that ignored
 *                                  struct_size would call them
 *   C_DEVICE_ABI_MAJOR=n           declare ABI major n (and serve any host: the host must refuse it)
 *
 * c_device_unknown_calls() (exported for the tests) counts calls of functions the host must not call.
 */
#include "c_device.h"

#include <stdatomic.h>
#include <stddef.h>

#ifndef C_DEVICE_NAME
#define C_DEVICE_NAME "cstate.qubit"
#endif
#ifndef C_PLUGIN_NAME
#define C_PLUGIN_NAME "c-device"
#endif

#if defined(C_DEVICE_NEWER_MINOR)
#define C_ABI_MINOR 99u
#else
#define C_ABI_MINOR QRT_ABI_VERSION_MINOR
#endif
#ifdef C_DEVICE_ABI_MAJOR
#define C_ABI_MAJOR C_DEVICE_ABI_MAJOR
#else
#define C_ABI_MAJOR QRT_ABI_VERSION_MAJOR
#endif

static atomic_uint unknown_calls;

QRT_PLUGIN_EXPORT unsigned c_device_unknown_calls(void) { return atomic_load(&unknown_calls); }

#ifdef C_DEVICE_OLDER_MINOR
/* What the table of an earlier minor could not contain: the host reports these operations as unsupported
 * (and the host aggregates counts from samples, which needs get_shots, so counts is unsupported too). */
#define C_CAPABILITIES                                                                                         \
  "{\"gates\":" C_DEVICE_GATES                                                                                 \
  ",\"observables\":[\"Identity\",\"PauliZ\"],\"measurements\":[\"probs\","                                    \
  "\"measure\",\"expval\"],\"max_qubits\":3,\"shots\":false,\"state\":false,\"mid_circuit_measurement\":true," \
  "\"controlled_gates\":false,\"adjoint\":true}"
#else
#define C_CAPABILITIES                                                                                      \
  "{\"gates\":" C_DEVICE_GATES                                                                              \
  ",\"observables\":[\"Identity\",\"PauliZ\"],\"measurements\":[\"probs\","                                 \
  "\"sample\",\"counts\",\"measure\",\"expval\",\"state\"],\"max_qubits\":3,\"shots\":true,\"state\":true," \
  "\"mid_circuit_measurement\":true,\"controlled_gates\":false,\"adjoint\":true}"
#endif

#ifdef C_DEVICE_OLDER_MINOR
static qrt_error* counted_counts(qrt_device* d, const qrt_wire* w, size_t n, qrt_counts_sink s, void* c) {
  atomic_fetch_add(&unknown_calls, 1u);
  return c_counts(d, w, n, s, c);
}
static qrt_error* counted_state_size(qrt_device* d, size_t* out) {
  atomic_fetch_add(&unknown_calls, 1u);
  return c_state_size(d, out);
}
static qrt_error* counted_state(qrt_device* d, double* out, size_t n) {
  atomic_fetch_add(&unknown_calls, 1u);
  return c_state(d, out, n);
}
static qrt_error* counted_set_shots(qrt_device* d, uint64_t shots) {
  atomic_fetch_add(&unknown_calls, 1u);
  return c_set_shots(d, shots);
}
static qrt_error* counted_get_shots(qrt_device* d, uint64_t* out) {
  atomic_fetch_add(&unknown_calls, 1u);
  return c_get_shots(d, out);
}
static qrt_error* counted_set_seed(qrt_device* d, uint64_t seed) {
  atomic_fetch_add(&unknown_calls, 1u);
  return c_set_seed(d, seed);
}
static qrt_error* counted_memory_bytes(qrt_device* d, uint64_t* out) {
  atomic_fetch_add(&unknown_calls, 1u);
  return c_memory_bytes(d, out);
}
#define C_TAIL_FUNCTIONS                                                                                              \
  .counts = counted_counts, .state_size = counted_state_size, .state = counted_state, .set_shots = counted_set_shots, \
  .get_shots = counted_get_shots, .set_seed = counted_set_seed, .memory_bytes = counted_memory_bytes
#define C_FUNCTIONS_SIZE offsetof(qrt_device_functions, counts)
#else
#define C_TAIL_FUNCTIONS                                                                      \
  .counts = c_counts, .state_size = c_state_size, .state = c_state, .set_shots = c_set_shots, \
  .get_shots = c_get_shots, .set_seed = c_set_seed, .memory_bytes = c_memory_bytes
#define C_FUNCTIONS_SIZE sizeof(C_FUNCTIONS_TYPE)
#endif

/* apply_matrix, reset_wire and var stay NULL: optional, "unimplemented". */
#define C_KNOWN_FUNCTIONS                                                                                       \
  {                                                                                                             \
    .struct_size = C_FUNCTIONS_SIZE, .create = c_create, .destroy = c_destroy, .reset = c_reset,                \
    .allocate_qubits = c_allocate_qubits, .release_qubits = c_release_qubits, .num_qubits = c_num_qubits,       \
    .apply_gate = c_apply_gate, .measure = c_measure, .expval = c_expval, .probs = c_probs, .sample = c_sample, \
    C_TAIL_FUNCTIONS                                                                                            \
  }

#define C_KNOWN_DEVICE(functions)                                                                          \
  {                                                                                                        \
    sizeof(C_DEVICE_TYPE), C_DEVICE_NAME, "1.0.0", "plain C state vector (clang)", C_DEVICE_KWARGS_SCHEMA, \
        C_CAPABILITIES, functions                                                                          \
  }

#ifdef C_DEVICE_NEWER_MINOR
/* ABI 1.99 as this plugin imagines it: fields appended to every extensible struct. */
static qrt_error* c_added_in_1_99(qrt_device* device, uint64_t flags) {
  (void)device;
  (void)flags;
  atomic_fetch_add(&unknown_calls, 1u);
  return NULL;
}
typedef struct {
  qrt_device_functions known;
  qrt_error* (*added_in_1_99)(qrt_device* device, uint64_t flags);
} c_functions_1_99;
typedef struct {
  qrt_device_descriptor known;
  const char* added_in_1_99;
  uint64_t more_flags;
} c_device_1_99;
typedef struct {
  qrt_plugin_descriptor known;
  const char* added_in_1_99;
} c_plugin_1_99;
#define C_FUNCTIONS_TYPE c_functions_1_99
#define C_DEVICE_TYPE c_device_1_99

static const c_functions_1_99 functions = {C_KNOWN_FUNCTIONS, c_added_in_1_99};
static const c_device_1_99 device = {C_KNOWN_DEVICE(&functions.known), "future", UINT64_MAX};
static const qrt_device_descriptor* const devices[] = {&device.known};
static const c_plugin_1_99 plugin = {
    {sizeof(c_plugin_1_99), C_ABI_MAJOR, C_ABI_MINOR, C_PLUGIN_NAME, "1.0.0", devices, 1}, "future"};
#define C_PLUGIN_DESCRIPTOR (&plugin.known)
#else
#define C_FUNCTIONS_TYPE qrt_device_functions
#define C_DEVICE_TYPE qrt_device_descriptor

static const qrt_device_functions functions = C_KNOWN_FUNCTIONS;
static const qrt_device_descriptor device = C_KNOWN_DEVICE(&functions);
static const qrt_device_descriptor* const devices[] = {&device};
static const qrt_plugin_descriptor plugin = {
    sizeof(qrt_plugin_descriptor), C_ABI_MAJOR, C_ABI_MINOR, C_PLUGIN_NAME, "1.0.0", devices, 1};
#define C_PLUGIN_DESCRIPTOR (&plugin)
#endif

QRT_PLUGIN_EXPORT const qrt_plugin_descriptor* qrt_plugin_entry(const qrt_host_info* host) {
  if (!host || host->struct_size < offsetof(qrt_host_info, abi_minor) + sizeof host->abi_minor) return NULL;
#ifndef C_DEVICE_ABI_MAJOR
  if (host->abi_major != QRT_ABI_VERSION_MAJOR) return NULL; /* a host this plugin cannot serve */
#endif
  return C_PLUGIN_DESCRIPTOR;
}
