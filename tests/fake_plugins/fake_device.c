/* The fake device's instance functions (see fake_device.h for what they do and why). */
#include "fake_device.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------------------------------------
 * Counters (what the host did to this library), exported for the tests
 * ------------------------------------------------------------------------------------------------- */

static struct {
  atomic_llong instances_created, instances_destroyed, resets, failed_resets, errors_created, errors_destroyed,
      overlapping_calls, counts_calls;
} counters;

QRT_PLUGIN_EXPORT void fake_plugin_read_counters(fake_plugin_counters* out) {
  out->instances_created = atomic_load(&counters.instances_created);
  out->instances_destroyed = atomic_load(&counters.instances_destroyed);
  out->resets = atomic_load(&counters.resets);
  out->failed_resets = atomic_load(&counters.failed_resets);
  out->errors_created = atomic_load(&counters.errors_created);
  out->errors_destroyed = atomic_load(&counters.errors_destroyed);
  out->overlapping_calls = atomic_load(&counters.overlapping_calls);
  out->counts_calls = atomic_load(&counters.counts_calls);
}

/* ---------------------------------------------------------------------------------------------------
 * Errors: heap objects the host must destroy exactly once (counted, so a leak or a double destroy shows)
 * ------------------------------------------------------------------------------------------------- */

typedef struct fake_error {
  qrt_error base;
  char text[256];
} fake_error;

static void fake_error_destroy(qrt_error* error) {
  atomic_fetch_add(&counters.errors_destroyed, 1);
  free(error);
}

static void static_error_destroy(qrt_error* error) {
  (void)error;
  atomic_fetch_add(&counters.errors_destroyed, 1);
}

/* `code` is an int, not the enum: the fakes also send codes the ABI does not define. */
static qrt_error* fake_error_new(int32_t code, const char* format, ...) {
  atomic_fetch_add(&counters.errors_created, 1);
  fake_error* error = malloc(sizeof *error);
  if (!error) { /* no memory for the error itself: a static one keeps the contract */
    static qrt_error out_of_memory = {sizeof(qrt_error), QRT_ERROR_OUT_OF_MEMORY, "fake: out of memory",
                                      static_error_destroy};
    return &out_of_memory;
  }
  va_list args;
  va_start(args, format);
  vsnprintf(error->text, sizeof error->text, format, args);
  va_end(args);
  error->base.struct_size = sizeof(qrt_error);
  error->base.code = code;
  error->base.message = error->text;
  error->base.destroy = fake_error_destroy;
  return &error->base;
}

/* ---------------------------------------------------------------------------------------------------
 * Instances
 * ------------------------------------------------------------------------------------------------- */

enum { kMaxWires = 64 };

struct qrt_device {
  atomic_int busy; /* 1 while a call runs on this instance */
  uint64_t initial_shots;
  uint64_t shots;
  double scale;
  int broken;
  uint64_t live; /* bit w: wire w is allocated; allocation takes the lowest free ids */
};

/* Marks the instance busy; a second concurrent caller gets an error instead (and it is counted). */
static qrt_error* enter(qrt_device* device) {
  if (atomic_exchange(&device->busy, 1)) {
    atomic_fetch_add(&counters.overlapping_calls, 1);
    return fake_error_new(QRT_ERROR_INTERNAL, "fake: two calls inside one instance at once");
  }
  return NULL;
}

static qrt_error* leave(qrt_device* device, qrt_error* result) {
  atomic_store(&device->busy, 0);
  return result;
}

static size_t count_live(uint64_t live) {
  size_t n = 0;
  for (; live; live &= live - 1) ++n;
  return n;
}

static int is_live(const qrt_device* device, qrt_wire wire) {
  return wire < kMaxWires && ((device->live >> wire) & 1u);
}

#ifndef FAKE_CREATE_RETURNS_NULL
/* The value of `"key":` in the host's canonical kwargs (compact JSON). A key counts only when it follows
 * '{' or ',' outside a string: inside a string its quotes would be escaped. */
static const char* kwarg_value(const char* json, const char* key) {
  char pattern[64];
  snprintf(pattern, sizeof pattern, "\"%s\":", key);
  for (const char* p = strstr(json, pattern); p; p = strstr(p + 1, pattern))
    if (p > json && (p[-1] == '{' || p[-1] == ',')) return p + strlen(pattern);
  return NULL;
}
#endif

#if defined(FAKE_MISBEHAVE_IN_CREATE) || defined(FAKE_MISBEHAVE_IN_GATE)
#include "fake_misbehave.h"
#endif

#ifdef FAKE_UNRESOLVED_SYMBOL
/* Defined nowhere: the library links (--unresolved-symbols=ignore-all) but RTLD_NOW cannot load it. */
extern void qrt_fake_symbol_nobody_defines(void);
#endif

#if defined(FAKE_CREATE_RETURNS_NULL)
qrt_error* fake_create(const char* kwargs_json, qrt_device** out_device) {
  (void)kwargs_json;
  (void)out_device;
  return NULL; /* "success" without an instance: a plugin bug the host must catch */
}
#elif defined(FAKE_CREATE_FAILS)
qrt_error* fake_create(const char* kwargs_json, qrt_device** out_device) {
  (void)out_device;
  const char* json = kwargs_json ? kwargs_json : "{}";
  const char* code = kwarg_value(json, "fail_code");
  return fake_error_new(code ? (int32_t)strtol(code, NULL, 10) : QRT_ERROR_FAILED_PRECONDITION,
                        "fake: create refused on purpose (kwargs %s)", json);
}
#else
qrt_error* fake_create(const char* kwargs_json, qrt_device** out_device) {
#ifdef FAKE_UNRESOLVED_SYMBOL
  qrt_fake_symbol_nobody_defines();
#endif
#ifdef FAKE_MISBEHAVE_IN_CREATE
  fake_misbehave();
#endif
  if (!out_device) return fake_error_new(QRT_ERROR_INVALID_ARGUMENT, "fake: create: output pointer is NULL");
  const char* json = kwargs_json ? kwargs_json : "{}";
#ifdef FAKE_CXX_THROW
  const char* label = kwarg_value(json, "label");
  if (label && strncmp(label, "\"throw\"", 7) == 0) fake_throw_cxx("create");
#endif
  qrt_device* device = calloc(1, sizeof *device);
  if (!device) return fake_error_new(QRT_ERROR_OUT_OF_MEMORY, "fake: create: out of memory");
  atomic_init(&device->busy, 0);
  const char* shots = kwarg_value(json, "shots");
  const char* scale = kwarg_value(json, "scale");
  device->initial_shots = shots ? strtoull(shots, NULL, 10) : 0;
  device->shots = device->initial_shots;
  device->scale = scale ? strtod(scale, NULL) : 1.0;
  atomic_fetch_add(&counters.instances_created, 1);
  *out_device = device;
  return NULL;
}
#endif

void fake_destroy(qrt_device* device) {
  if (!device) return;
  atomic_fetch_add(&counters.instances_destroyed, 1);
  free(device);
}

qrt_error* fake_reset(qrt_device* device) {
  qrt_error* error = enter(device);
  if (error) return error;
  if (device->broken) {
    atomic_fetch_add(&counters.failed_resets, 1);
    return leave(device, fake_error_new(QRT_ERROR_INTERNAL, "fake: reset of a broken instance"));
  }
  device->live = 0;
  device->shots = device->initial_shots;
  atomic_fetch_add(&counters.resets, 1);
  return leave(device, NULL);
}

qrt_error* fake_allocate_qubits(qrt_device* device, size_t count, qrt_wire* out_wires) {
  qrt_error* error = enter(device);
  if (error) return error;
  if (count > kMaxWires - count_live(device->live))
    return leave(device, fake_error_new(QRT_ERROR_OUT_OF_RANGE, "fake: cannot allocate %zu more qubits", count));
  if (count && !out_wires) return leave(device, fake_error_new(QRT_ERROR_INVALID_ARGUMENT, "fake: wires is NULL"));
  qrt_wire wire = 0;
  for (size_t i = 0; i < count; ++i, ++wire) {
    while ((device->live >> wire) & 1u) ++wire;
    out_wires[i] = wire;
    device->live |= UINT64_C(1) << wire;
  }
  return leave(device, NULL);
}

static qrt_error* check_wires(const qrt_device* device, const qrt_wire* wires, size_t count, const char* what) {
  if (count && !wires) return fake_error_new(QRT_ERROR_INVALID_ARGUMENT, "fake: %s: wires is NULL", what);
  for (size_t i = 0; i < count; ++i)
    if (!is_live(device, wires[i]))
      return fake_error_new(QRT_ERROR_INVALID_ARGUMENT, "fake: %s: wire %llu is not allocated", what,
                            (unsigned long long)wires[i]);
  return NULL;
}

qrt_error* fake_release_qubits(qrt_device* device, const qrt_wire* wires, size_t count) {
  qrt_error* error = enter(device);
  if (error) return error;
  error = check_wires(device, wires, count, "release");
  if (!error)
    for (size_t i = 0; i < count; ++i) device->live &= ~(UINT64_C(1) << wires[i]);
  return leave(device, error);
}

qrt_error* fake_num_qubits(qrt_device* device, size_t* out_count) {
  qrt_error* error = enter(device);
  if (error) return error;
  *out_count = count_live(device->live);
  return leave(device, NULL);
}

qrt_error* fake_apply_gate(qrt_device* device, const qrt_gate_call* call) {
#ifdef FAKE_CXX_THROW
  if (call->gate_id == 2) fake_throw_cxx("apply_gate"); /* "Throw", before the instance is marked busy */
#endif
  qrt_error* error = enter(device);
  if (error) return error;
  error = check_wires(device, call->wires, call->num_wires, "apply_gate");
#if defined(FAKE_BREAKABLE)
  if (!error && call->gate_id == 2) device->broken = 1; /* "Break" */
#elif defined(FAKE_CXX_THROW)
  if (!error && call->gate_id > 2) /* "Throw" (2) threw above */
    error = fake_error_new(QRT_ERROR_INVALID_ARGUMENT, "fake: gate id %u is not in the gate list", call->gate_id);
#else
  if (!error && call->gate_id > 1)
    error = fake_error_new(QRT_ERROR_INVALID_ARGUMENT, "fake: gate id %u is not in the gate list", call->gate_id);
#endif
#ifdef FAKE_MISBEHAVE_IN_GATE
  if (!error) fake_misbehave(); /* a valid call: the host's and the kit's checks do not stop it first */
#endif
  return leave(device, error);
}

qrt_error* fake_measure(qrt_device* device, qrt_wire wire, int32_t postselect, int32_t* out_result) {
  qrt_error* error = enter(device);
  if (error) return error;
  error = check_wires(device, &wire, 1, "measure");
  if (!error && postselect == 1)
    error = fake_error_new(QRT_ERROR_FAILED_PRECONDITION, "fake: outcome 1 has probability 0");
  if (!error) *out_result = 0;
  return leave(device, error);
}

qrt_error* fake_expval(qrt_device* device, const qrt_observable* observable, double* out_value) {
  qrt_error* error = enter(device);
  if (error) return error;
  (void)observable;
  *out_value = device->scale;
  return leave(device, NULL);
}

qrt_error* fake_var(qrt_device* device, const qrt_observable* observable, double* out_value) {
  qrt_error* error = enter(device);
  if (error) return error;
  (void)observable;
  *out_value = 0.0;
  return leave(device, NULL);
}

qrt_error* fake_probs(qrt_device* device, const qrt_wire* wires, size_t num_wires, double* out, size_t out_len) {
  qrt_error* error = enter(device);
  if (error) return error;
  error = check_wires(device, wires, num_wires, "probs");
  if (!error) {
    for (size_t i = 0; i < out_len; ++i) out[i] = 0.0;
    if (out_len) out[0] = 1.0;
  }
  return leave(device, error);
}

qrt_error* fake_sample(qrt_device* device, const qrt_wire* wires, size_t num_wires, uint8_t* out, size_t out_len) {
  qrt_error* error = enter(device);
  if (error) return error;
  error = check_wires(device, wires, num_wires, "sample");
  size_t columns = num_wires ? num_wires : count_live(device->live);
  if (!error && (device->shots == 0 || out_len != device->shots * columns))
    error = fake_error_new(QRT_ERROR_INVALID_ARGUMENT, "fake: sample: out_len %zu is not shots x columns", out_len);
  if (!error)
    for (size_t i = 0; i < out_len; ++i) out[i] = (uint8_t)((i / columns + i % columns) % 2);
  return leave(device, error);
}

/* The sample pattern aggregated: outcome bits (first wire = most significant) of row r are (r + c) % 2, so
 * even rows give the pattern 0101... and odd rows 1010..., reported in increasing outcome order. */
qrt_error* fake_counts(qrt_device* device, const qrt_wire* wires, size_t num_wires, qrt_counts_sink sink,
                       void* sink_context) {
  qrt_error* error = enter(device);
  if (error) return error;
  atomic_fetch_add(&counters.counts_calls, 1);
  error = check_wires(device, wires, num_wires, "counts");
  size_t columns = num_wires ? num_wires : count_live(device->live);
  if (!error && (device->shots == 0 || columns > 64))
    error = fake_error_new(QRT_ERROR_INVALID_ARGUMENT, "fake: counts needs shots > 0 and at most 64 wires");
  if (!error) {
    uint64_t even = 0, odd = 0; /* the outcomes of even and odd rows */
    for (size_t c = 0; c < columns; ++c) {
      even = (even << 1) | (c % 2);
      odd = (odd << 1) | ((c + 1) % 2);
    }
    uint64_t even_rows = (device->shots + 1) / 2, odd_rows = device->shots / 2;
    if (columns == 0) {
      sink(sink_context, 0, device->shots);
    } else { /* even rows start with bit 0, odd rows with 1: even < odd */
      sink(sink_context, even, even_rows);
      if (odd_rows) sink(sink_context, odd, odd_rows);
    }
  }
  return leave(device, error);
}

qrt_error* fake_set_shots(qrt_device* device, uint64_t shots) {
  qrt_error* error = enter(device);
  if (error) return error;
  device->shots = shots;
  return leave(device, NULL);
}

qrt_error* fake_get_shots(qrt_device* device, uint64_t* out_shots) {
  qrt_error* error = enter(device);
  if (error) return error;
  *out_shots = device->shots;
  return leave(device, NULL);
}

qrt_error* fake_set_seed(qrt_device* device, uint64_t seed) {
  qrt_error* error = enter(device);
  if (error) return error;
  (void)seed;
  return leave(device, NULL);
}

qrt_error* fake_memory_bytes(qrt_device* device, uint64_t* out_bytes) {
  qrt_error* error = enter(device);
  if (error) return error;
  *out_bytes = sizeof *device;
  return leave(device, NULL);
}
