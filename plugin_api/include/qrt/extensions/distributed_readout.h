/*
 * qrt device extension "qrt.distributed_readout/1" — reading results of a device that spans the ranks of an
 * MPI job (capability "collective") without any rank holding the whole result: the core `probs` and
 * `state` fill 2^n values on every rank, these deliver them to rank 0 only, piece by piece, in index order,
 * or reduce them to the K largest first. Optional: the host falls back to the core calls where it is
 * absent. Same rules as device_api.h (struct_size, append-only, FROZEN structs, errors as values, wire
 * order: wires[0] is the most significant bit of every index).
 *
 * Collective. Every function is called by every rank of the device's job, with the same wires, k and
 * threshold, in the same order relative to the device's other calls (the capability "collective"). Each
 * returns on every rank, and fails on every rank with the same error when it fails anywhere (a sink that
 * stops on rank 0 included): no rank is left waiting. "Rank 0" is rank 0 of MPI_COMM_WORLD.
 *
 * Memory. The device holds at most one piece (its own choice of size, at most 2^20 values) beyond its own
 * share of the state; a rank other than 0 receives nothing.
 *
 * Threads and ownership. Like every instance function: one thread at a time per instance. Every pointer
 * argument is borrowed for the call; outputs (`qrt_top_outcomes` and its `entries`) are owned by the caller
 * and written on rank 0 only, on success only. The sink is called on the calling thread, during the call.
 */
#ifndef QRT_EXTENSIONS_DISTRIBUTED_READOUT_H
#define QRT_EXTENSIONS_DISTRIBUTED_READOUT_H

#include <qrt/device_api.h>

#ifdef __cplusplus
extern "C" {
#endif

#define QRT_EXTENSION_DISTRIBUTED_READOUT "qrt.distributed_readout/1"

/* Receives values [first, first + count) of a table on rank 0: `values` holds `count` doubles (a
 * probability table) or `count` complex128 as 2 * count doubles (a state). The pieces of one call arrive in
 * increasing index order, each index exactly once, on the thread that made the call, only during it.
 * `values` is borrowed for the call of the sink. Returns QRT_OK (0) to go on; any other qrt_status_code
 * stops the delivery: the device calls the sink no more, and the extension function fails on every rank
 * with that code (QRT_ERROR_INTERNAL for unknown values) and a message naming the index the sink stopped at. */
typedef int32_t (*qrt_table_sink)(void* context, uint64_t first, const double* values, size_t count);

/* FROZEN. One outcome of a top-K selection: its index (wires[0] most significant) and probability. */
typedef struct qrt_outcome_probability {
  uint64_t outcome;
  double probability;
} qrt_outcome_probability;

/* What a top-K selection writes on rank 0 (the caller owns the struct and `entries`). */
typedef struct qrt_top_outcomes {
  size_t struct_size;
  qrt_outcome_probability* entries; /* capacity k; on return entries[0..count) */
  size_t count;                     /* written: min(k, above_threshold) */
  uint64_t above_threshold;         /* written: outcomes whose probability is > threshold */
  double total_probability;         /* written: the sum of every outcome's probability (1 up to rounding) */
  double kept_probability;          /* written: the sum of entries[0..count) */
} qrt_top_outcomes;

typedef struct qrt_distributed_readout_extension {
  size_t struct_size;

  /* The probabilities of the wires (num_wires == 0: all allocated wires in allocation order), 2^m values
   * for m wires, delivered to `sink` on rank 0 in index order (the table the core `probs` returns, value
   * for value up to rounding). Other ranks pass any sink (NULL included): it is never called there.
   * Errors: QRT_ERROR_INVALID_ARGUMENT for an unknown or repeated wire, or a NULL sink on rank 0; the
   * sink's code when it stops. The device's state is unchanged (it may move amplitudes between ranks). */
  qrt_error* (*probs_to_rank0)(qrt_device* device, const qrt_wire* wires, size_t num_wires, qrt_table_sink sink,
                               void* sink_context);

  /* The k most likely outcomes of the wires (num_wires == 0: all) among those of probability > threshold,
   * merged on rank 0 from each rank's own k best (O(k * P) values cross the job): largest first, ties
   * in increasing outcome order, written to `out` on rank 0 (other ranks may pass NULL; nothing is written
   * there). 1 <= k <= 2^m, threshold >= 0. Errors: QRT_ERROR_INVALID_ARGUMENT for k == 0, k > 2^m (the
   * message says so; ask for at most 2^m), a negative or NaN threshold, a bad wire, a NULL or too small
   * `out` (or `out->entries`) on rank 0; QRT_ERROR_OUT_OF_MEMORY when k entries per rank do not fit. */
  qrt_error* (*top_outcomes)(qrt_device* device, const qrt_wire* wires, size_t num_wires, uint64_t k, double threshold,
                             qrt_top_outcomes* out);

  /* The state over `wires`, which must name every allocated wire once, in any order (num_wires == 0:
   * allocation order, the core `state`'s indexing), 2^n complex128 amplitudes delivered to `sink` on rank 0
   * in index order. Errors: QRT_ERROR_INVALID_ARGUMENT for a bad, repeated or missing wire or a NULL sink on
   * rank 0; the sink's code when it stops. */
  qrt_error* (*state_to_rank0)(qrt_device* device, const qrt_wire* wires, size_t num_wires, qrt_table_sink sink,
                               void* sink_context);
} qrt_distributed_readout_extension;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* QRT_EXTENSIONS_DISTRIBUTED_READOUT_H */
