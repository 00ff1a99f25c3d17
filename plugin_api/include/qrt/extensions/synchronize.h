/*
 * qrt device extension "qrt.synchronize/1" — applying what a device has deferred. A device may keep gates
 * queued instead of applying each as it comes (statevector.qubit fuses them and applies them tile by tile),
 * and apply them when a result is read. A run that reads nothing would then leave its work to whichever
 * call reads next: its time, its stop and deadline checks and its errors would land there. The host calls
 * `synchronize` at the end of every run, so that a run's gates are applied, and their errors reported,
 * within the run. Optional: a device that applies every call at once needs no such extension, and the
 * host does without it. Same rules as device_api.h (struct_size, append-only, errors as values).
 *
 * Threads and ownership. Like every instance function: one thread at a time per instance; `device` is
 * borrowed for the call. Collective devices (capability "collective"): every rank calls it, in the same
 * order relative to the device's other calls.
 */
#ifndef QRT_EXTENSIONS_SYNCHRONIZE_H
#define QRT_EXTENSIONS_SYNCHRONIZE_H

#include <qrt/device_api.h>

#ifdef __cplusplus
extern "C" {
#endif

#define QRT_EXTENSION_SYNCHRONIZE "qrt.synchronize/1"

typedef struct qrt_synchronize_extension {
  size_t struct_size;

  /* Applies every operation the instance has accepted and not yet applied; on return nothing is deferred
   * and the state is what every accepted call made it (a device with nothing deferred returns at once).
   * Errors: those the deferred operations raise (e.g. QRT_ERROR_OUT_OF_MEMORY); the instance is then in
   * the state its error text describes, as after any failed call. */
  qrt_error* (*synchronize)(qrt_device* device);
} qrt_synchronize_extension;

#ifdef __cplusplus
}
#endif

#endif /* QRT_EXTENSIONS_SYNCHRONIZE_H */
