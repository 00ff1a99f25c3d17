/*
 * qrt device extension "qrt.adjoint_jacobian/1" — exact gradients of expectation values by the adjoint
 * method (one forward pass, then one backward sweep; the cost does not grow with the number of
 * parameters). Optional: a device that can run a circuit on a pure state it holds offers it through
 * `qrt_device_functions.get_extension(QRT_EXTENSION_ADJOINT_JACOBIAN)`; the host falls back to
 * parameter-shift runs where it is absent. Same rules as device_api.h (struct_size, append-only, FROZEN
 * structs, errors as values, wire order).
 *
 * Reference: Jones & Gacon, "Efficient calculation of gradients in classical simulations of variational
 * quantum algorithms" (arXiv:2009.02823), the method of PennyLane-Lightning's adjoint Jacobian.
 */
#ifndef QRT_EXTENSIONS_ADJOINT_JACOBIAN_H
#define QRT_EXTENSIONS_ADJOINT_JACOBIAN_H

#include <qrt/device_api.h>

#ifdef __cplusplus
extern "C" {
#endif

#define QRT_EXTENSION_ADJOINT_JACOBIAN "qrt.adjoint_jacobian/1"

/* FROZEN. One operation of the circuit: exactly one of `gate` and `matrix` is non-NULL. Both are borrowed
 * for the call; their meaning is that of apply_gate / apply_matrix (gate ids from the capabilities'
 * "gates" list, adjoint flags, extra controls and control values included). */
typedef struct qrt_circuit_op {
  const qrt_gate_call* gate;
  const qrt_matrix_call* matrix;
} qrt_circuit_op;

/* FROZEN. A trainable parameter: parameter `param_index` of operation `op_index` (a gate, never a
 * matrix). The derivative is taken with respect to the value passed in that gate call, as the device
 * applies it (adjoint flag and controls included). */
typedef struct qrt_trainable_param {
  size_t op_index;
  size_t param_index;
} qrt_trainable_param;

/* One Jacobian request. Every pointer is borrowed for the call; outputs are owned by the caller. */
typedef struct qrt_adjoint_jacobian_request {
  size_t struct_size;
  const qrt_circuit_op* ops; /* num_ops operations, applied in order */
  size_t num_ops;
  const qrt_trainable_param* trainable; /* num_trainable entries, each naming a distinct (op, param) */
  size_t num_trainable;
  /* num_observables Hermitian observables. Each is one row, whatever its number of terms: a Hamiltonian
   * (sum_k c_k P_k, one qrt_observable of many terms) reaches the device whole, so that it can form
   * lambda = H|psi> once and take one backward sweep for it (statevector.qubit does, grouping Pauli
   * words by their X/Y qubits) rather than one sweep per term. */
  const qrt_observable* const* observables;
  size_t num_observables;
  double* out_expvals;  /* num_observables values <psi|O_i|psi>, or NULL when not wanted */
  double* out_jacobian; /* num_observables x num_trainable, row-major: d<O_i>/d(trainable j) */
} qrt_adjoint_jacobian_request;

typedef struct qrt_adjoint_jacobian_extension {
  size_t struct_size;

  /* JSON array of the gate names (spelled as in the capabilities' "gates") whose parameters may be
   * trainable, e.g. ["RX","RY","RZ","PhaseShift","CRX",...]. Static, owned by the plugin. */
  const char* differentiable_gates_json;

  /* Applies `ops` to the instance's current state |psi0> (the host allocates fresh qubits first, so
   * normally |0...0>), leaving the instance in the final state |psi> = U_n...U_1|psi0>, then writes the
   * expectation values and their derivatives with respect to the trainable parameters.
   * Errors: QRT_ERROR_FAILED_PRECONDITION when the device has shots > 0 (the method is analytic) or holds
   * no pure state it can differentiate; QRT_ERROR_UNSUPPORTED naming the gate when a trainable parameter
   * belongs to a gate outside `differentiable_gates_json`; QRT_ERROR_INVALID_ARGUMENT for an index out of
   * range, a repeated trainable entry, a NULL array with a non-zero count; QRT_ERROR_OUT_OF_MEMORY when
   * the work states do not fit. On error the outputs are unspecified and the state is unspecified (the
   * host resets or discards the instance).
   * Threads: like every instance function (one thread at a time per instance).
   * Also (refined with the first implementation, statevector.qubit): `out_expvals` may be NULL;
   * `out_jacobian` may be NULL when num_observables * num_trainable == 0; num_trainable == 0 runs the
   * forward pass and the expectation values only; an op with both or neither of `gate` and `matrix`, and
   * a trainable entry naming a matrix op, are QRT_ERROR_INVALID_ARGUMENT; the differentiability check
   * comes before the parameter-index check (a trainable entry on Hadamard is UNSUPPORTED naming it). */
  qrt_error* (*jacobian)(qrt_device* device, const qrt_adjoint_jacobian_request* request);
} qrt_adjoint_jacobian_extension;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* QRT_EXTENSIONS_ADJOINT_JACOBIAN_H */
