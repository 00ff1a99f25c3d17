#include "c_device.h"

#include "c_errors.h"
#include "c_register.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define C_DEFAULT_SEED UINT64_C(20240607)

enum { GATE_HADAMARD, GATE_PAULI_X, GATE_CNOT, GATE_RY, GATE_RZ, GATE_COUNT };
static const char* const gate_names[GATE_COUNT] = {"Hadamard", "PauliX", "CNOT", "RY", "RZ"};
static const size_t gate_params[GATE_COUNT] = {0, 0, 0, 1, 1};
static const size_t gate_wires[GATE_COUNT] = {1, 1, 2, 1, 1};

struct qrt_device {
  c_register state;
  qrt_wire wires[C_SLOTS]; /* live wires in allocation order */
  unsigned slots[C_SLOTS]; /* the slot of each live wire */
  size_t live;
  qrt_wire next_wire;
  uint64_t shots, initial_shots, seed, rng;
};

/* ---- kwargs: the host sends canonical JSON, e.g. {"seed":null,"shots":0}; re-validated here ---- */

/* Finds `"key":` and reads a non-negative integer or null. Returns 0 when absent, 1 when found,
 * -1 when malformed. */
static int read_kwarg(const char* json, const char* key, uint64_t* value, int* is_null) {
  char pattern[32];
  snprintf(pattern, sizeof pattern, "\"%s\":", key);
  const char* at = strstr(json, pattern);
  if (!at) return 0;
  at += strlen(pattern);
  while (*at == ' ') ++at;
  if (strncmp(at, "null", 4) == 0) {
    *is_null = 1;
    return 1;
  }
  if (*at < '0' || *at > '9') return -1;
  char* end = NULL;
  *value = strtoull(at, &end, 10);
  *is_null = 0;
  return (*end == ',' || *end == '}' || *end == ' ') ? 1 : -1;
}

static void restart(qrt_device* d) {
  c_register_clear(&d->state);
  d->live = 0;
  d->next_wire = 0;
  d->shots = d->initial_shots;
  d->rng = d->seed;
}

qrt_error* c_create(const char* kwargs_json, qrt_device** out_device) {
  if (!out_device) return c_error(QRT_ERROR_INVALID_ARGUMENT, "create: output pointer is NULL");
  const char* json = kwargs_json ? kwargs_json : "{}";
  uint64_t shots = 0, seed = C_DEFAULT_SEED, value = 0;
  int is_null = 0;
  int found = read_kwarg(json, "shots", &value, &is_null);
  if (found < 0 || (found && is_null)) return c_error(QRT_ERROR_INVALID_ARGUMENT, "kwarg 'shots' must be an int >= 0");
  if (found) shots = value;
  found = read_kwarg(json, "seed", &value, &is_null);
  if (found < 0) return c_error(QRT_ERROR_INVALID_ARGUMENT, "kwarg 'seed' must be an int >= 0 or null");
  if (found && !is_null) seed = value;

  qrt_device* d = calloc(1, sizeof *d);
  if (!d) return c_error(QRT_ERROR_OUT_OF_MEMORY, "create: out of memory");
  d->initial_shots = shots;
  d->seed = seed;
  restart(d);
  *out_device = d;
  return NULL;
}

void c_destroy(qrt_device* device) { free(device); }

qrt_error* c_reset(qrt_device* device) {
  restart(device);
  return NULL;
}

/* ---- wires ---- */

/* Index of `wire` in the live list, or -1. */
static int find_wire(const qrt_device* d, qrt_wire wire) {
  for (size_t i = 0; i < d->live; ++i)
    if (d->wires[i] == wire) return (int)i;
  return -1;
}

/* Resolves wires (num_wires == 0: all live wires) to slots; rejects unknown and repeated wires. */
static qrt_error* resolve(const qrt_device* d, const char* operation, const qrt_wire* wires, size_t num_wires,
                          unsigned* out_slots, size_t* out_count) {
  if (num_wires == 0) {
    for (size_t i = 0; i < d->live; ++i) out_slots[i] = d->slots[i];
    *out_count = d->live;
    return NULL;
  }
  if (!wires) return c_error(QRT_ERROR_INVALID_ARGUMENT, "%s: wire array is NULL", operation);
  if (num_wires > d->live)
    return c_error(QRT_ERROR_INVALID_ARGUMENT, "%s: %zu wires named but %zu allocated", operation, num_wires, d->live);
  for (size_t i = 0; i < num_wires; ++i) {
    const int at = find_wire(d, wires[i]);
    if (at < 0)
      return c_error(QRT_ERROR_INVALID_ARGUMENT, "%s: wire %" PRIu64 " is not allocated", operation, wires[i]);
    for (size_t j = 0; j < i; ++j)
      if (wires[j] == wires[i])
        return c_error(QRT_ERROR_INVALID_ARGUMENT, "%s: wire %" PRIu64 " is listed twice", operation, wires[i]);
    out_slots[i] = d->slots[at];
  }
  *out_count = num_wires;
  return NULL;
}

/* The lowest slot no live wire holds (the caller knows there is one). */
static unsigned free_slot(const qrt_device* d) {
  for (unsigned slot = 0; slot < C_SLOTS; ++slot) {
    int used = 0;
    for (size_t i = 0; i < d->live; ++i) used |= d->slots[i] == slot;
    if (!used) return slot;
  }
  return C_SLOTS;
}

qrt_error* c_allocate_qubits(qrt_device* d, size_t count, qrt_wire* out_wires) {
  if (count > C_SLOTS - d->live)
    return c_error(QRT_ERROR_OUT_OF_RANGE, "allocate_qubits: %zu allocated + %zu requested exceeds %d qubits", d->live,
                   count, C_SLOTS);
  if (count > 0 && !out_wires) return c_error(QRT_ERROR_INVALID_ARGUMENT, "allocate_qubits: output array is NULL");
  for (size_t k = 0; k < count; ++k) {
    d->slots[d->live] = free_slot(d);
    d->wires[d->live] = d->next_wire++;
    out_wires[k] = d->wires[d->live];
    ++d->live;
  }
  return NULL;
}

/* Measures `slot` (collapsing the state) and returns the outcome. */
static int measure_slot(qrt_device* d, unsigned slot) {
  const double p_one = c_register_prob_one(&d->state, slot);
  const int outcome = c_rng_uniform(&d->rng) < p_one ? 1 : 0;
  c_register_collapse(&d->state, slot, outcome);
  return outcome;
}

static const double complex pauli_x[4] = {0, 1, 1, 0};

/* Release: measure each qubit, return its slot to |0>, drop it from the live list. */
qrt_error* c_release_qubits(qrt_device* d, const qrt_wire* wires, size_t count) {
  unsigned slots[C_SLOTS];
  size_t n = 0;
  if (count == 0) return NULL;
  qrt_error* e = resolve(d, "release_qubits", wires, count, slots, &n);
  if (e) return e;
  for (size_t k = 0; k < count; ++k) {
    if (measure_slot(d, slots[k])) c_register_apply(&d->state, slots[k], pauli_x, -1);
    const int at = find_wire(d, wires[k]);
    for (size_t i = (size_t)at; i + 1 < d->live; ++i) {
      d->wires[i] = d->wires[i + 1];
      d->slots[i] = d->slots[i + 1];
    }
    --d->live;
  }
  return NULL;
}

qrt_error* c_num_qubits(qrt_device* d, size_t* out_count) {
  if (!out_count) return c_error(QRT_ERROR_INVALID_ARGUMENT, "num_qubits: output pointer is NULL");
  *out_count = d->live;
  return NULL;
}

/* ---- gates ---- */

static void gate_matrix(uint32_t gate, double angle, double complex m[4]) {
  const double h = 1.0 / sqrt(2.0);
  switch (gate) {
    case GATE_HADAMARD: m[0] = h, m[1] = h, m[2] = h, m[3] = -h; break;
    case GATE_RY: m[0] = cos(angle / 2), m[1] = -sin(angle / 2), m[2] = sin(angle / 2), m[3] = cos(angle / 2); break;
    case GATE_RZ: m[0] = cexp(-I * angle / 2), m[1] = 0, m[2] = 0, m[3] = cexp(I * angle / 2); break;
    default: m[0] = 0, m[1] = 1, m[2] = 1, m[3] = 0; break; /* PauliX, and CNOT's target */
  }
}

qrt_error* c_apply_gate(qrt_device* d, const qrt_gate_call* call) {
  if (!call || !QRT_STRUCT_HAS_FIELD(call, qrt_gate_call, num_controls))
    return c_error(QRT_ERROR_INVALID_ARGUMENT, "apply_gate: call is NULL or too small");
  if (call->gate_id >= GATE_COUNT)
    return c_error(QRT_ERROR_INVALID_ARGUMENT, "gate id %" PRIu32 " is not in cstate.qubit's gate list", call->gate_id);
  const char* name = gate_names[call->gate_id];
  if (call->num_params != gate_params[call->gate_id])
    return c_error(QRT_ERROR_INVALID_ARGUMENT, "%s takes %zu parameter(s), got %zu", name, gate_params[call->gate_id],
                   call->num_params);
  if (call->num_params > 0 && (!call->params || !isfinite(call->params[0])))
    return c_error(QRT_ERROR_INVALID_ARGUMENT, "%s: the parameter is missing or not finite", name);
  if (call->num_wires != gate_wires[call->gate_id])
    return c_error(QRT_ERROR_INVALID_ARGUMENT, "%s acts on %zu wire(s), got %zu", name, gate_wires[call->gate_id],
                   call->num_wires);
  if (call->num_controls != 0)
    return c_error(QRT_ERROR_UNSUPPORTED, "%s: cstate.qubit does not take extra control wires", name);
  unsigned slots[C_SLOTS];
  size_t n = 0;
  qrt_error* e = resolve(d, name, call->wires, call->num_wires, slots, &n);
  if (e) return e;
  double complex m[4];
  const double angle = call->num_params ? (call->adjoint ? -call->params[0] : call->params[0]) : 0.0;
  gate_matrix(call->gate_id, angle, m); /* H, X and CNOT are their own inverses */
  if (call->gate_id == GATE_CNOT) c_register_apply(&d->state, slots[1], m, (int)slots[0]);
  else c_register_apply(&d->state, slots[0], m, -1);
  return NULL;
}

/* ---- measurements ---- */

qrt_error* c_measure(qrt_device* d, qrt_wire wire, int32_t postselect, int32_t* out_result) {
  if (!out_result) return c_error(QRT_ERROR_INVALID_ARGUMENT, "measure: output pointer is NULL");
  if (postselect < -1 || postselect > 1)
    return c_error(QRT_ERROR_INVALID_ARGUMENT, "measure: postselect must be -1, 0 or 1");
  unsigned slot = 0;
  size_t n = 0;
  qrt_error* e = resolve(d, "measure", &wire, 1, &slot, &n);
  if (e) return e;
  if (postselect >= 0) {
    const double p_one = c_register_prob_one(&d->state, slot);
    const double p = postselect ? p_one : 1.0 - p_one;
    if (p <= 1e-12)
      return c_error(QRT_ERROR_FAILED_PRECONDITION,
                     "measure: postselecting %d on wire %" PRIu64 ", which has probability 0", (int)postselect, wire);
    c_register_collapse(&d->state, slot, postselect);
    *out_result = postselect;
    return NULL;
  }
  *out_result = measure_slot(d, slot);
  return NULL;
}

static double amplitude_probability(const c_register* s, unsigned index) {
  return creal(s->amp[index]) * creal(s->amp[index]) + cimag(s->amp[index]) * cimag(s->amp[index]);
}

/* The outcome of `slots` (first = most significant bit) in amplitude index `index`. */
static unsigned outcome_of(unsigned index, const unsigned* slots, size_t count) {
  unsigned outcome = 0;
  for (size_t t = 0; t < count; ++t) outcome = (outcome << 1) | ((index >> slots[t]) & 1u);
  return outcome;
}

qrt_error* c_expval(qrt_device* d, const qrt_observable* observable, double* out_value) {
  if (!out_value) return c_error(QRT_ERROR_INVALID_ARGUMENT, "expval: output pointer is NULL");
  if (!observable || !QRT_STRUCT_HAS_FIELD(observable, qrt_observable, num_terms) ||
      (observable->num_terms && !observable->terms))
    return c_error(QRT_ERROR_INVALID_ARGUMENT, "expval: observable is NULL or malformed");
  double total = 0.0;
  for (size_t t = 0; t < observable->num_terms; ++t) {
    const qrt_observable_term* term = &observable->terms[t];
    if (term->num_factors && !term->factors) return c_error(QRT_ERROR_INVALID_ARGUMENT, "expval: factor array is NULL");
    unsigned z_mask = 0;
    for (size_t f = 0; f < term->num_factors; ++f) {
      const qrt_observable_factor* factor = &term->factors[f];
      if (factor->kind != QRT_OBSERVABLE_IDENTITY && factor->kind != QRT_OBSERVABLE_PAULI_Z)
        return c_error(QRT_ERROR_UNSUPPORTED, "expval: observable kind %" PRIu32 " is not supported (Identity, PauliZ)",
                       factor->kind);
      if (factor->num_wires != 1)
        return c_error(QRT_ERROR_INVALID_ARGUMENT, "expval: a named observable acts on one wire");
      unsigned slot = 0;
      size_t n = 0;
      qrt_error* e = resolve(d, "expval", factor->wires, 1, &slot, &n);
      if (e) return e;
      if (factor->kind == QRT_OBSERVABLE_PAULI_Z) z_mask ^= 1u << slot;
    }
    double value = 0.0;
    for (unsigned i = 0; i < C_DIM; ++i) {
      const unsigned parity = (unsigned)__builtin_popcount(i & z_mask) & 1u;
      value += (parity ? -1.0 : 1.0) * amplitude_probability(&d->state, i);
    }
    total += term->coefficient * value;
  }
  *out_value = total;
  return NULL;
}

qrt_error* c_probs(qrt_device* d, const qrt_wire* wires, size_t num_wires, double* out, size_t out_len) {
  unsigned slots[C_SLOTS];
  size_t k = 0;
  qrt_error* e = resolve(d, "probs", wires, num_wires, slots, &k);
  if (e) return e;
  if (out_len != ((size_t)1 << k))
    return c_error(QRT_ERROR_INVALID_ARGUMENT, "probs: output length %zu, expected %zu", out_len, (size_t)1 << k);
  if (!out) return c_error(QRT_ERROR_INVALID_ARGUMENT, "probs: output array is NULL");
  for (size_t i = 0; i < out_len; ++i) out[i] = 0.0;
  for (unsigned i = 0; i < C_DIM; ++i) out[outcome_of(i, slots, k)] += amplitude_probability(&d->state, i);
  return NULL;
}

/* Draws one amplitude index from the state's distribution. */
static unsigned draw(qrt_device* d) {
  double r = c_rng_uniform(&d->rng);
  unsigned last = 0;
  for (unsigned i = 0; i < C_DIM; ++i) {
    const double p = amplitude_probability(&d->state, i);
    if (p <= 0.0) continue;
    last = i;
    if (r < p) return i;
    r -= p;
  }
  return last; /* rounding left r just above the total */
}

qrt_error* c_sample(qrt_device* d, const qrt_wire* wires, size_t num_wires, uint8_t* out, size_t out_len) {
  if (d->shots == 0) return c_error(QRT_ERROR_FAILED_PRECONDITION, "sample: needs shots > 0 (set the 'shots' kwarg)");
  unsigned slots[C_SLOTS];
  size_t k = 0;
  qrt_error* e = resolve(d, "sample", wires, num_wires, slots, &k);
  if (e) return e;
  if (out_len != d->shots * k)
    return c_error(QRT_ERROR_INVALID_ARGUMENT, "sample: output length %zu, expected %" PRIu64 " shots x %zu wires",
                   out_len, d->shots, k);
  if (!out && out_len) return c_error(QRT_ERROR_INVALID_ARGUMENT, "sample: output array is NULL");
  for (uint64_t shot = 0; shot < d->shots; ++shot) {
    const unsigned index = draw(d);
    for (size_t t = 0; t < k; ++t) out[shot * k + t] = (uint8_t)((index >> slots[t]) & 1u);
  }
  return NULL;
}

qrt_error* c_counts(qrt_device* d, const qrt_wire* wires, size_t num_wires, qrt_counts_sink sink, void* context) {
  if (d->shots == 0) return c_error(QRT_ERROR_FAILED_PRECONDITION, "counts: needs shots > 0 (set the 'shots' kwarg)");
  if (!sink) return c_error(QRT_ERROR_INVALID_ARGUMENT, "counts: sink is NULL");
  unsigned slots[C_SLOTS];
  size_t k = 0;
  qrt_error* e = resolve(d, "counts", wires, num_wires, slots, &k);
  if (e) return e;
  uint64_t bins[C_DIM] = {0};
  for (uint64_t shot = 0; shot < d->shots; ++shot) ++bins[outcome_of(draw(d), slots, k)];
  for (unsigned outcome = 0; outcome < (1u << k); ++outcome)
    if (bins[outcome]) sink(context, outcome, bins[outcome]);
  return NULL;
}

qrt_error* c_state_size(qrt_device* d, size_t* out_size) {
  if (!out_size) return c_error(QRT_ERROR_INVALID_ARGUMENT, "state_size: output pointer is NULL");
  *out_size = (size_t)1 << d->live;
  return NULL;
}

qrt_error* c_state(qrt_device* d, double* out, size_t out_len) {
  if (out_len != ((size_t)1 << d->live))
    return c_error(QRT_ERROR_INVALID_ARGUMENT, "state: output length %zu, expected %zu", out_len, (size_t)1 << d->live);
  if (!out) return c_error(QRT_ERROR_INVALID_ARGUMENT, "state: output array is NULL");
  for (size_t sub = 0; sub < out_len; ++sub) {
    unsigned index = 0; /* free slots stay 0: they hold |0> */
    for (size_t t = 0; t < d->live; ++t)
      if ((sub >> (d->live - 1 - t)) & 1u) index |= 1u << d->slots[t];
    out[2 * sub] = creal(d->state.amp[index]);
    out[2 * sub + 1] = cimag(d->state.amp[index]);
  }
  return NULL;
}

qrt_error* c_set_shots(qrt_device* d, uint64_t shots) {
  d->shots = shots;
  return NULL;
}

qrt_error* c_get_shots(qrt_device* d, uint64_t* out_shots) {
  if (!out_shots) return c_error(QRT_ERROR_INVALID_ARGUMENT, "get_shots: output pointer is NULL");
  *out_shots = d->shots;
  return NULL;
}

qrt_error* c_set_seed(qrt_device* d, uint64_t seed) {
  d->rng = seed;
  return NULL;
}

qrt_error* c_memory_bytes(qrt_device* d, uint64_t* out_bytes) {
  if (!out_bytes) return c_error(QRT_ERROR_INVALID_ARGUMENT, "memory_bytes: output pointer is NULL");
  *out_bytes = sizeof *d;
  return NULL;
}
