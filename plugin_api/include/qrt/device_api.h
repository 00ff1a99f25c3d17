/*
 * qrt device plugin ABI — the only thing that crosses between the qrt host and a device plugin.
 *
 * Pure C (C11 and C++), no C++ types, no exceptions. Modelled on CLAP and PJRT:
 *
 *  - Versioning. QRT_ABI_VERSION_MAJOR must match exactly between host and plugin; the minor version
 *    only ever adds things. A plugin built against an older minor loads in a newer host and vice versa.
 *  - Every extensible struct begins with `struct_size` (sizeof the struct as the writer compiled it).
 *    Fields are append-only. A reader uses a field only if it lies entirely inside `struct_size`
 *    (QRT_STRUCT_HAS_FIELD); a function pointer counts as present only if it lies inside `struct_size`
 *    AND is non-NULL. A missing optional function means "unimplemented", never a crash.
 *  - Structs marked FROZEN never change layout (they are used in arrays, where a size prefix would not
 *    help); a new need gets a new struct.
 *  - Errors are values: a function returns NULL on success or a `qrt_error*` that the plugin allocated
 *    and the host destroys exactly once through `error->destroy`.
 *  - Extensions (ABI 1.1). Optional groups of functions outside the core table, found by name through
 *    `qrt_device_functions.get_extension`: a device offers what it can, the host asks for what it uses,
 *    and neither needs the other to know every extension. Each extension has its own header under
 *    qrt/extensions/, an id that carries its major version ("qrt.<name>/<major>"), and a struct that
 *    starts with `struct_size` and is append-only like the rest; an incompatible change gets a new id.
 *  - Strings are UTF-8, NUL-terminated. JSON texts are UTF-8 JSON documents.
 *  - Wire lists: for a list [w0, w1, ..., wk-1], w0 is the MOST significant bit of every index derived
 *    from it (matrix rows/columns, probability and state indices, sample columns) — PennyLane's order.
 *  - Complex numbers are two doubles, real then imaginary (C99 `double complex` / std::complex<double>
 *    layout). Matrices are row-major.
 *
 * Threads. `qrt_plugin_entry` and everything reachable from the plugin descriptor (descriptors, schema and
 * capability texts) may be used from any thread at any time. `create` may be called concurrently from any
 * threads. Instance functions: one thread at a time per instance (the host serialises), distinct instances
 * concurrently from distinct threads. `qrt_error` functions: any thread.
 */
#ifndef QRT_DEVICE_API_H
#define QRT_DEVICE_API_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define QRT_ABI_VERSION_MAJOR 1
#define QRT_ABI_VERSION_MINOR 1

/* The one symbol a plugin library exports. */
#define QRT_PLUGIN_ENTRY_SYMBOL "qrt_plugin_entry"

#if defined(_WIN32)
#define QRT_PLUGIN_EXPORT __declspec(dllexport)
#else
#define QRT_PLUGIN_EXPORT __attribute__((visibility("default")))
#endif

/* True when a struct written with `struct_size` bytes contains `field` entirely. */
#define QRT_STRUCT_HAS_FIELD(ptr, type, field) ((ptr)->struct_size >= offsetof(type, field) + sizeof(((type*)0)->field))

/* True when an optional function pointer is present (inside struct_size and non-NULL). */
#define QRT_HAS_FUNCTION(ptr, type, field) (QRT_STRUCT_HAS_FIELD(ptr, type, field) && (ptr)->field != NULL)

/* ---------------------------------------------------------------------------------------------------
 * Errors
 * ------------------------------------------------------------------------------------------------- */

typedef enum qrt_status_code {
  QRT_OK = 0,
  QRT_ERROR_INVALID_ARGUMENT = 1, /* bad wire, parameter count, matrix size, kwargs value... */
  QRT_ERROR_UNSUPPORTED = 2,      /* the device does not implement this operation or gate */
  QRT_ERROR_OUT_OF_RANGE = 3,     /* index or size outside what the device can handle */
  QRT_ERROR_OUT_OF_MEMORY = 4,
  QRT_ERROR_FAILED_PRECONDITION = 5, /* e.g. postselecting an impossible outcome, releasing an entangled qubit */
  QRT_ERROR_INTERNAL = 6             /* a bug or an unexpected failure inside the plugin */
} qrt_status_code;

/* An error object. Allocated by the plugin; ownership passes to the caller, who must call
 * `destroy(error)` exactly once (from any thread). `message` stays valid until then. */
typedef struct qrt_error {
  size_t struct_size;
  int32_t code;        /* a qrt_status_code; unknown values are treated as QRT_ERROR_INTERNAL */
  const char* message; /* human-readable, never NULL; owned by the error */
  void (*destroy)(struct qrt_error* error);
} qrt_error;

/* ---------------------------------------------------------------------------------------------------
 * Call arguments
 * ------------------------------------------------------------------------------------------------- */

typedef uint64_t qrt_wire; /* a device-assigned wire id (see allocate_qubits) */

/* Apply a gate from the device's capability list. All pointers are borrowed for the duration of the
 * call only; arrays may be NULL when their count is 0. */
typedef struct qrt_gate_call {
  size_t struct_size;
  uint32_t gate_id; /* index of the gate in the capabilities' "gates" array */
  uint32_t adjoint; /* non-zero: apply the adjoint (inverse) */
  const double* params;
  size_t num_params;
  const qrt_wire* wires; /* target wires */
  size_t num_wires;
  const qrt_wire* controls;      /* extra control wires, on top of any the gate has by definition */
  const uint8_t* control_values; /* one 0/1 per control; NULL means all 1 */
  size_t num_controls;
} qrt_gate_call;

/* Apply an explicit unitary on `num_wires` wires: `matrix` holds 2^k x 2^k complex128 entries,
 * row-major, interleaved (re, im), i.e. 2 * 4^k doubles. Borrowed for the call only. */
typedef struct qrt_matrix_call {
  size_t struct_size;
  uint32_t adjoint;
  const double* matrix;
  const qrt_wire* wires;
  size_t num_wires;
  const qrt_wire* controls;
  const uint8_t* control_values; /* NULL means all 1 */
  size_t num_controls;
} qrt_matrix_call;

typedef enum qrt_observable_kind {
  QRT_OBSERVABLE_IDENTITY = 0,
  QRT_OBSERVABLE_PAULI_X = 1,
  QRT_OBSERVABLE_PAULI_Y = 2,
  QRT_OBSERVABLE_PAULI_Z = 3,
  QRT_OBSERVABLE_HADAMARD = 4,
  QRT_OBSERVABLE_HERMITIAN = 5 /* `matrix`: 2^k x 2^k complex128 on `wires`, row-major, interleaved */
} qrt_observable_kind;

/* FROZEN. One factor of a tensor product. Named observables act on exactly one wire. */
typedef struct qrt_observable_factor {
  uint32_t kind; /* qrt_observable_kind */
  const qrt_wire* wires;
  size_t num_wires;
  const double* matrix; /* QRT_OBSERVABLE_HERMITIAN only, else NULL */
} qrt_observable_factor;

/* FROZEN. coefficient * (factor_0 ⊗ factor_1 ⊗ ...); no factors means coefficient * Identity. */
typedef struct qrt_observable_term {
  double coefficient;
  const qrt_observable_factor* factors;
  size_t num_factors;
} qrt_observable_term;

/* A Hamiltonian: the sum of its terms. Borrowed for the call only. */
typedef struct qrt_observable {
  size_t struct_size;
  const qrt_observable_term* terms;
  size_t num_terms;
} qrt_observable;

/* Receives one (outcome, count) pair of `counts`; `outcome` bit i (from the most significant of
 * num_wires bits) is wire i. Called on the thread that called `counts`, only during that call. */
typedef void (*qrt_counts_sink)(void* context, uint64_t outcome, uint64_t count);

/* ---------------------------------------------------------------------------------------------------
 * Device instances and their function table
 * ------------------------------------------------------------------------------------------------- */

typedef struct qrt_device qrt_device; /* opaque, owned by the plugin between create and destroy */

/*
 * Every function returns NULL on success or an error the caller owns. Output pointers are owned by the
 * caller and written only on success. `device` is borrowed. Unless marked REQUIRED, a function may be
 * NULL: the host then reports QRT_ERROR_UNSUPPORTED itself.
 */
typedef struct qrt_device_functions {
  size_t struct_size;

  /* REQUIRED. Create an instance from canonical kwargs (a JSON object: every key of the schema present,
   * keys sorted, validated by the host). `kwargs_json` is borrowed. On success *out_device is owned by
   * the caller, who frees it with `destroy`. Any thread, concurrently. */
  qrt_error* (*create)(const char* kwargs_json, qrt_device** out_device);

  /* REQUIRED. Free an instance and everything it owns. Called once; the host never calls it while any
   * other function of the instance runs. */
  void (*destroy)(qrt_device* device);

  /* REQUIRED. Make the instance indistinguishable from one freshly created with the same kwargs: all
   * qubits released, shots and seed restored from the kwargs, RNG reseeded. Used when the pool reuses an
   * instance; may keep allocated memory for speed. */
  qrt_error* (*reset)(qrt_device* device);

  /* REQUIRED. Allocate `count` fresh qubits in |0>; writes their ids to out_wires[0..count). */
  qrt_error* (*allocate_qubits)(qrt_device* device, size_t count, qrt_wire* out_wires);

  /* REQUIRED. Release qubits. The device documents what happens to a qubit still entangled. */
  qrt_error* (*release_qubits)(qrt_device* device, const qrt_wire* wires, size_t count);

  /* REQUIRED. Number of currently allocated qubits. */
  qrt_error* (*num_qubits)(qrt_device* device, size_t* out_count);

  qrt_error* (*apply_gate)(qrt_device* device, const qrt_gate_call* call);
  qrt_error* (*apply_matrix)(qrt_device* device, const qrt_matrix_call* call);

  /* Projective Z measurement with collapse. postselect: -1 none, 0 or 1 force that outcome (an
   * outcome of zero probability is QRT_ERROR_FAILED_PRECONDITION). Writes 0 or 1 to *out_result. */
  qrt_error* (*measure)(qrt_device* device, qrt_wire wire, int32_t postselect, int32_t* out_result);

  /* Reset one wire to |0> (measure, then flip if needed). */
  qrt_error* (*reset_wire)(qrt_device* device, qrt_wire wire);

  /* Expectation value / variance: analytic when shots == 0, estimated from `shots` samples otherwise. */
  qrt_error* (*expval)(qrt_device* device, const qrt_observable* observable, double* out_value);
  qrt_error* (*var)(qrt_device* device, const qrt_observable* observable, double* out_value);

  /* Probabilities of the wires (num_wires == 0: all allocated wires in allocation order) into
   * out[0..out_len), out_len == 2^(number of wires). */
  qrt_error* (*probs)(qrt_device* device, const qrt_wire* wires, size_t num_wires, double* out, size_t out_len);

  /* `shots` samples (the device's current shots, which must be > 0) of the wires (num_wires == 0: all):
   * out is shots rows x num_wires columns of 0/1 bytes, row-major; out_len == shots * columns. */
  qrt_error* (*sample)(qrt_device* device, const qrt_wire* wires, size_t num_wires, uint8_t* out, size_t out_len);

  /* Like sample, but aggregated: calls sink once per distinct outcome, in increasing outcome order.
   * At most 64 wires. Optional even when sample exists (the host aggregates samples itself). */
  qrt_error* (*counts)(qrt_device* device, const qrt_wire* wires, size_t num_wires, qrt_counts_sink sink,
                       void* sink_context);

  /* Number of amplitudes of the full state (2^num_qubits for a state-vector device). */
  qrt_error* (*state_size)(qrt_device* device, size_t* out_size);

  /* Copy the state (all wires in allocation order) into out: out_len complex128 = 2*out_len doubles. */
  qrt_error* (*state)(qrt_device* device, double* out, size_t out_len);

  qrt_error* (*set_shots)(qrt_device* device, uint64_t shots);
  qrt_error* (*get_shots)(qrt_device* device, uint64_t* out_shots);
  qrt_error* (*set_seed)(qrt_device* device, uint64_t seed);

  /* Bytes of memory the instance holds now (for the host pool's memory budget). */
  qrt_error* (*memory_bytes)(qrt_device* device, uint64_t* out_bytes);

  /* ABI 1.1. The extension named `id` (e.g. QRT_EXTENSION_ADJOINT_JACOBIAN), or NULL when the device does
   * not offer it. The result points to the extension's struct (it starts with `struct_size`), is owned by
   * the plugin and stays valid while the library is loaded; it is the same for every instance of the
   * device. `id` is borrowed for the call. Must not fail, throw or allocate per call; any thread, at any
   * time, concurrently. Absent (a 1.0 plugin): the device offers no extension. */
  const void* (*get_extension)(const char* id);
} qrt_device_functions;

/* ---------------------------------------------------------------------------------------------------
 * Descriptors: static data owned by the plugin, valid while the library is loaded.
 * ------------------------------------------------------------------------------------------------- */

typedef struct qrt_device_descriptor {
  size_t struct_size;
  const char* name;        /* e.g. "null.qubit"; [a-z0-9_.-]+ */
  const char* version;     /* e.g. "1.2.0" */
  const char* description; /* one line */
  /* {"kwargs": [{"name": "shots", "type": "int"|"float"|"bool"|"string", "default": <value or null>,
   *              "min": n, "max": n, "choices": [...], "doc": "..."}]}  (min/max/choices optional) */
  const char* kwargs_schema_json;
  /* {"gates": [names...], "observables": [names...], "measurements": [names...], "max_qubits": n,
   *  "shots": bool, "state": bool, "mid_circuit_measurement": bool, "controlled_gates": bool,
   *  "adjoint": bool, "collective": bool} — "gates" order defines qrt_gate_call.gate_id. Absent flags
   *  read as false. "collective" (ABI 1.x, optional): the device spans the ranks of an MPI job, so every rank
   *  must make the same calls in the same order. */
  const char* capabilities_json;
  const qrt_device_functions* functions;
} qrt_device_descriptor;

typedef struct qrt_plugin_descriptor {
  size_t struct_size;
  uint32_t abi_major; /* the ABI the plugin was built against: QRT_ABI_VERSION_MAJOR/MINOR */
  uint32_t abi_minor;
  const char* plugin_name;
  const char* plugin_version;
  const qrt_device_descriptor* const* devices; /* device_count pointers */
  size_t device_count;
} qrt_plugin_descriptor;

/* What the host tells the plugin about itself. Borrowed for the duration of qrt_plugin_entry. */
typedef struct qrt_host_info {
  size_t struct_size;
  uint32_t abi_major; /* the host's ABI version */
  uint32_t abi_minor;
  const char* host_version;
} qrt_host_info;

/* The entry point. Returns the plugin's static descriptor, or NULL to refuse the host (e.g. a major
 * version it cannot serve). Must not throw, must be cheap and idempotent; any thread. */
typedef const qrt_plugin_descriptor* (*qrt_plugin_entry_fn)(const qrt_host_info* host);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* QRT_DEVICE_API_H */
