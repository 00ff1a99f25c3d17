/*
 * The fake plugins' descriptors and entry point. One source, built once per variant with compile
 * definitions (tests/fake_plugins/CMakeLists.txt), each variant good or broken in exactly one way:
 *
 *   FAKE_PLUGIN_NAME, FAKE_DEVICE_NAME   names (default "fake-good" / "fake.good")
 *   FAKE_SECOND_DEVICE_NAME              also offer a second device with the same functions and schema
 *   FAKE_OMIT_ENTRY                      export the entry under a wrong name
 *   FAKE_ENTRY_REFUSES                   the entry returns NULL (it wants a newer host)
 *   FAKE_ABI_MAJOR=n                     declare ABI major n
 *   FAKE_NEWER_MINOR                     a later minor: every struct has extra fields after the known ones
 *   FAKE_OLDER_MINOR                     an earlier minor: the function table ends before `expval`
 *   FAKE_NULL_REQUIRED                   the required `reset` is NULL
 *   FAKE_WITH_COUNTS                     the table has `counts` (others leave it to the host)
 *   FAKE_BAD_SCHEMA, FAKE_BAD_CAPABILITIES  truncated JSON texts
 */
#include "fake_device.h"

#include <stddef.h>

#ifndef FAKE_PLUGIN_NAME
#define FAKE_PLUGIN_NAME "fake-good"
#endif
#ifndef FAKE_DEVICE_NAME
#define FAKE_DEVICE_NAME "fake.good"
#endif
#ifndef FAKE_ABI_MAJOR
#define FAKE_ABI_MAJOR QRT_ABI_VERSION_MAJOR
#endif

#if defined(FAKE_NEWER_MINOR)
#define FAKE_ABI_MINOR (QRT_ABI_VERSION_MINOR + 1)
#elif defined(FAKE_OLDER_MINOR) && QRT_ABI_VERSION_MINOR > 0
#define FAKE_ABI_MINOR (QRT_ABI_VERSION_MINOR - 1)
#else
#define FAKE_ABI_MINOR QRT_ABI_VERSION_MINOR
#endif

#ifdef FAKE_BAD_SCHEMA
#define FAKE_SCHEMA "{\"kwargs\":[{\"name\":\"shots\",\"type\":" /* cut short */
#else
#define FAKE_SCHEMA FAKE_KWARGS_SCHEMA_JSON
#endif
#ifdef FAKE_BAD_CAPABILITIES
#define FAKE_CAPABILITIES "{\"gates\":[\"Identity\"," /* cut short */
#else
#define FAKE_CAPABILITIES FAKE_CAPABILITIES_JSON
#endif

#ifdef FAKE_NULL_REQUIRED
#define FAKE_RESET_FUNCTION NULL
#else
#define FAKE_RESET_FUNCTION fake_reset
#endif

#ifdef FAKE_WITH_COUNTS
#define FAKE_COUNTS_FUNCTION fake_counts
#else
#define FAKE_COUNTS_FUNCTION NULL
#endif

/* apply_matrix, reset_wire, state_size and state (and counts unless FAKE_WITH_COUNTS) stay NULL inside
 * struct_size: "unimplemented". */
#define FAKE_FUNCTIONS(size)                                                                                       \
  {                                                                                                                \
    .struct_size = (size), .create = fake_create, .destroy = fake_destroy, .reset = FAKE_RESET_FUNCTION,           \
    .allocate_qubits = fake_allocate_qubits, .release_qubits = fake_release_qubits, .num_qubits = fake_num_qubits, \
    .apply_gate = fake_apply_gate, .measure = fake_measure, .expval = fake_expval, .var = fake_var,                \
    .probs = fake_probs, .sample = fake_sample, .counts = FAKE_COUNTS_FUNCTION, .set_shots = fake_set_shots,       \
    .get_shots = fake_get_shots, .set_seed = fake_set_seed, .memory_bytes = fake_memory_bytes                      \
  }

#define FAKE_DEVICE(name, functions)                                                                           \
  {                                                                                                            \
    sizeof(FakeDeviceDescriptor), name, "0.1.0", "fake device for host tests", FAKE_SCHEMA, FAKE_CAPABILITIES, \
        functions                                                                                              \
  }

#ifdef FAKE_NEWER_MINOR
/* What a later minor could look like: fields appended to every extensible struct. The host must accept
 * them (struct_size is larger than it knows) and never touch them. */
static qrt_error* fake_added_later(qrt_device* device, uint64_t value) {
  (void)device;
  (void)value;
  return NULL;
}
typedef struct {
  qrt_device_functions known;
  qrt_error* (*added_later)(qrt_device* device, uint64_t value);
} FakeFunctions;
typedef struct {
  qrt_device_descriptor known;
  const char* added_later;
} FakeDeviceDescriptor;
typedef struct {
  qrt_plugin_descriptor known;
  uint64_t added_later_flags;
  const char* added_later_text;
} FakePluginDescriptor;

static const FakeFunctions fake_functions = {FAKE_FUNCTIONS(sizeof(FakeFunctions)), fake_added_later};
static const FakeDeviceDescriptor fake_device = {FAKE_DEVICE(FAKE_DEVICE_NAME, &fake_functions.known), "future"};
#define FAKE_KNOWN(x) (&(x).known)
#else
typedef qrt_device_functions FakeFunctions;
typedef qrt_device_descriptor FakeDeviceDescriptor;
typedef qrt_plugin_descriptor FakePluginDescriptor;

#ifdef FAKE_OLDER_MINOR
/* An earlier minor's table ends before `expval`. The slots past struct_size still hold working functions:
 * a host that ignored struct_size would call them and succeed where it must report "unsupported". */
static const FakeFunctions fake_functions = FAKE_FUNCTIONS(offsetof(qrt_device_functions, expval));
#else
static const FakeFunctions fake_functions = FAKE_FUNCTIONS(sizeof(FakeFunctions));
#endif
static const FakeDeviceDescriptor fake_device = FAKE_DEVICE(FAKE_DEVICE_NAME, &fake_functions);
#define FAKE_KNOWN(x) (&(x))
#endif

#ifdef FAKE_SECOND_DEVICE_NAME
static const FakeDeviceDescriptor fake_second_device = FAKE_DEVICE(FAKE_SECOND_DEVICE_NAME, FAKE_KNOWN(fake_functions));
static const qrt_device_descriptor* const fake_devices[] = {FAKE_KNOWN(fake_device), FAKE_KNOWN(fake_second_device)};
#else
static const qrt_device_descriptor* const fake_devices[] = {FAKE_KNOWN(fake_device)};
#endif

#ifdef FAKE_NEWER_MINOR
static const FakePluginDescriptor fake_plugin = {
    {sizeof(FakePluginDescriptor), FAKE_ABI_MAJOR, FAKE_ABI_MINOR, FAKE_PLUGIN_NAME, "0.1.0", fake_devices,
     sizeof fake_devices / sizeof fake_devices[0]},
    UINT64_C(0xFFFFFFFFFFFFFFFF),
    "future"};
#else
static const FakePluginDescriptor fake_plugin = {sizeof(FakePluginDescriptor),
                                                 FAKE_ABI_MAJOR,
                                                 FAKE_ABI_MINOR,
                                                 FAKE_PLUGIN_NAME,
                                                 "0.1.0",
                                                 fake_devices,
                                                 sizeof fake_devices / sizeof fake_devices[0]};
#endif

#ifdef FAKE_OMIT_ENTRY
#define FAKE_ENTRY_NAME qrt_plugin_entry_v0 /* a misspelt entry: the library is not a qrt plugin */
#else
#define FAKE_ENTRY_NAME qrt_plugin_entry
#endif

QRT_PLUGIN_EXPORT const qrt_plugin_descriptor* FAKE_ENTRY_NAME(const qrt_host_info* host) {
  if (!host) return NULL;
#ifdef FAKE_ENTRY_REFUSES
  if (host->abi_minor <= QRT_ABI_VERSION_MINOR) return NULL; /* it wants a newer host than any there is */
#endif
  return FAKE_KNOWN(fake_plugin);
}
