/*
 * What a fake plugin saw through the ABI, summed over all of its instances since the library was loaded.
 * The host tests read it through the extra exported symbol FAKE_PLUGIN_COUNTERS_SYMBOL (real plugins
 * export only their entry symbol): it shows what the host did that its own API cannot show (an error
 * destroyed exactly once, an instance destroyed rather than reused, two threads inside one instance).
 */
#ifndef QRT_FAKE_PLUGIN_COUNTERS_H
#define QRT_FAKE_PLUGIN_COUNTERS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fake_plugin_counters {
  int64_t instances_created;
  int64_t instances_destroyed;
  int64_t resets;            /* reset calls that succeeded */
  int64_t failed_resets;     /* reset calls that returned an error */
  int64_t errors_created;    /* qrt_error values handed to the host */
  int64_t errors_destroyed;  /* ... and destroyed by it */
  int64_t overlapping_calls; /* a call entered an instance while another call on it was still running */
  int64_t counts_calls;      /* the plugin's own counts function ran (FAKE_WITH_COUNTS) */
} fake_plugin_counters;

#define FAKE_PLUGIN_COUNTERS_SYMBOL "fake_plugin_read_counters"
typedef void (*fake_plugin_read_counters_fn)(fake_plugin_counters* out);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* QRT_FAKE_PLUGIN_COUNTERS_H */
