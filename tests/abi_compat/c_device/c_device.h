/*
 * cstate.qubit: a tiny but real device written in plain C against the ABI header alone (no SDK), built
 * by clang. Up to 3 qubits; gates Hadamard, PauliX, CNOT, RY, RZ (with adjoint, without extra controls);
 * probs, sample, counts, measure, expval of Identity/PauliZ products, state. Kwargs: shots (int >= 0,
 * default 0) and seed (int >= 0 or null: a fixed default seed). Every argument is validated; errors
 * are values with the documented status codes.
 */
#ifndef C_DEVICE_H
#define C_DEVICE_H

#include "c_device_api.h"

#define C_DEVICE_KWARGS_SCHEMA                                                                             \
  "{\"kwargs\":["                                                                                          \
  "{\"name\":\"shots\",\"type\":\"int\",\"default\":0,\"min\":0,\"doc\":\"shots for sample and counts\"}," \
  "{\"name\":\"seed\",\"type\":\"int\",\"default\":null,\"min\":0,\"doc\":\"sampling seed; null: fixed\"}]}"

/* Gate ids: the order of this list. */
#define C_DEVICE_GATES "[\"Hadamard\",\"PauliX\",\"CNOT\",\"RY\",\"RZ\"]"

qrt_error* c_create(const char* kwargs_json, qrt_device** out_device);
void c_destroy(qrt_device* device);
qrt_error* c_reset(qrt_device* device);
qrt_error* c_allocate_qubits(qrt_device* device, size_t count, qrt_wire* out_wires);
qrt_error* c_release_qubits(qrt_device* device, const qrt_wire* wires, size_t count);
qrt_error* c_num_qubits(qrt_device* device, size_t* out_count);
qrt_error* c_apply_gate(qrt_device* device, const qrt_gate_call* call);
qrt_error* c_measure(qrt_device* device, qrt_wire wire, int32_t postselect, int32_t* out_result);
qrt_error* c_expval(qrt_device* device, const qrt_observable* observable, double* out_value);
qrt_error* c_probs(qrt_device* device, const qrt_wire* wires, size_t num_wires, double* out, size_t out_len);
qrt_error* c_sample(qrt_device* device, const qrt_wire* wires, size_t num_wires, uint8_t* out, size_t out_len);
qrt_error* c_counts(qrt_device* device, const qrt_wire* wires, size_t num_wires, qrt_counts_sink sink, void* context);
qrt_error* c_state_size(qrt_device* device, size_t* out_size);
qrt_error* c_state(qrt_device* device, double* out, size_t out_len);
qrt_error* c_set_shots(qrt_device* device, uint64_t shots);
qrt_error* c_get_shots(qrt_device* device, uint64_t* out_shots);
qrt_error* c_set_seed(qrt_device* device, uint64_t seed);
qrt_error* c_memory_bytes(qrt_device* device, uint64_t* out_bytes);

#endif /* C_DEVICE_H */
