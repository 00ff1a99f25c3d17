/*
 * The fake device's behaviour, shared by every fake plugin variant (fake_plugin.c assembles the
 * descriptors; this is what an instance does). Plain C against device_api.h only.
 *
 * A working, deliberately small device: it tracks up to 64 qubits (ids 0..63, the lowest free ones
 * first), holds shots and a float `scale` from its kwargs, and answers measurements with values a test
 * can predict without the device:
 *   measure       -> 0
 *   expval / var  -> the `scale` kwarg / 0
 *   sample        -> row r, column c is (r + c) % 2
 *   counts        -> the same samples aggregated (only with FAKE_WITH_COUNTS; otherwise NULL)
 *   probs         -> a point mass on index 0
 * Every instance function refuses to run while another call on the same instance is running (counted
 * in overlapping_calls): the host promises one thread at a time per instance.
 *
 * Compile definitions that change the behaviour:
 *   FAKE_CREATE_FAILS       create returns an error whose status code is the `fail_code` kwarg
 *   FAKE_CREATE_RETURNS_NULL create returns success without writing an instance
 *   FAKE_WITH_COUNTS        the function table includes counts (by default the host must aggregate samples)
 *   FAKE_BREAKABLE          the gate "Break" marks the instance broken; reset of a broken instance fails
 *   FAKE_UNRESOLVED_SYMBOL  create calls a function no library defines (so RTLD_NOW refuses the library)
 *   FAKE_CXX_THROW          the gate "Throw", and create with label="throw", call fake_throw_cxx(): a C++
 *                           function (the variant links one) whose exception unwinds through these C frames
 *                           (built with -fexceptions) into the host, as a C++ plugin without the SDK's
 *                           error values would let it
 *   FAKE_MISBEHAVE_IN_CREATE, FAKE_MISBEHAVE_IN_GATE   create, or every valid apply_gate, segfaults, exits
 *                           or hangs (FAKE_MISBEHAVE_HOW, fake_misbehave.h)
 */
#ifndef QRT_FAKE_DEVICE_H
#define QRT_FAKE_DEVICE_H

#include <qrt/device_api.h>

#include "fake_plugin_counters.h"

#ifdef FAKE_CREATE_FAILS
#define FAKE_VARIANT_KWARGS \
  ",{\"name\":\"fail_code\",\"type\":\"int\",\"default\":5,\"min\":0,\"doc\":\"status code create fails with\"}"
#else
#define FAKE_VARIANT_KWARGS ""
#endif

/* Kwargs of every fake device. Typed and bounded so the host's schema checks have something to check. */
#define FAKE_KWARGS_SCHEMA_JSON                                                                                 \
  "{\"kwargs\":["                                                                                               \
  "{\"name\":\"shots\",\"type\":\"int\",\"default\":0,\"min\":0,\"doc\":\"shots for sample; 0 = analytic\"},"   \
  "{\"name\":\"seed\",\"type\":\"int\",\"default\":null,\"min\":0,\"doc\":\"unused; may be null\"},"            \
  "{\"name\":\"depth\",\"type\":\"int\",\"default\":4,\"min\":1,\"max\":64,\"doc\":\"a bounded int\"},"         \
  "{\"name\":\"scale\",\"type\":\"float\",\"default\":1.0,\"min\":0.0,\"max\":10.0,\"doc\":\"expval result\"}," \
  "{\"name\":\"label\",\"type\":\"string\",\"default\":\"none\",\"doc\":\"free text\"},"                        \
  "{\"name\":\"mode\",\"type\":\"string\",\"default\":\"fast\",\"choices\":[\"fast\",\"exact\"],\"doc\":\"a "   \
  "choice\"},"                                                                                                  \
  "{\"name\":\"verbose\",\"type\":\"bool\",\"default\":false,\"doc\":\"a flag\"}" FAKE_VARIANT_KWARGS "]}"

#if defined(FAKE_BREAKABLE)
#define FAKE_GATES "[\"Identity\",\"PauliX\",\"Break\"]"
#elif defined(FAKE_CXX_THROW)
#define FAKE_GATES "[\"Identity\",\"PauliX\",\"Throw\"]"
#else
#define FAKE_GATES "[\"Identity\",\"PauliX\"]"
#endif

#define FAKE_CAPABILITIES_JSON                                                           \
  "{\"gates\":" FAKE_GATES                                                               \
  ",\"observables\":[\"PauliZ\"],\"measurements\":[\"expval\",\"var\",\"probs\","        \
  "\"sample\",\"counts\",\"measure\"],\"max_qubits\":64,\"shots\":true,\"state\":false," \
  "\"mid_circuit_measurement\":true,\"controlled_gates\":false,\"adjoint\":true}"

#ifdef FAKE_CXX_THROW
void fake_throw_cxx(const char* where); /* throws a C++ exception (defined in C++ by the variant) */
#endif

qrt_error* fake_create(const char* kwargs_json, qrt_device** out_device);
void fake_destroy(qrt_device* device);
qrt_error* fake_reset(qrt_device* device);
qrt_error* fake_allocate_qubits(qrt_device* device, size_t count, qrt_wire* out_wires);
qrt_error* fake_release_qubits(qrt_device* device, const qrt_wire* wires, size_t count);
qrt_error* fake_num_qubits(qrt_device* device, size_t* out_count);
qrt_error* fake_apply_gate(qrt_device* device, const qrt_gate_call* call);
qrt_error* fake_measure(qrt_device* device, qrt_wire wire, int32_t postselect, int32_t* out_result);
qrt_error* fake_expval(qrt_device* device, const qrt_observable* observable, double* out_value);
qrt_error* fake_var(qrt_device* device, const qrt_observable* observable, double* out_value);
qrt_error* fake_probs(qrt_device* device, const qrt_wire* wires, size_t num_wires, double* out, size_t out_len);
qrt_error* fake_sample(qrt_device* device, const qrt_wire* wires, size_t num_wires, uint8_t* out, size_t out_len);
qrt_error* fake_counts(qrt_device* device, const qrt_wire* wires, size_t num_wires, qrt_counts_sink sink,
                       void* sink_context);
qrt_error* fake_set_shots(qrt_device* device, uint64_t shots);
qrt_error* fake_get_shots(qrt_device* device, uint64_t* out_shots);
qrt_error* fake_set_seed(qrt_device* device, uint64_t seed);
qrt_error* fake_memory_bytes(qrt_device* device, uint64_t* out_bytes);

#endif /* QRT_FAKE_DEVICE_H */
