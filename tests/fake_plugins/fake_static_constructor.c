/* A static constructor that misbehaves while the library is being loaded, before the host sees any
 * symbol: FAKE_CTOR_SEGFAULT segfaults, FAKE_CTOR_HANG loops forever, FAKE_CTOR_FLOOD prints
 * without end, FAKE_MISBEHAVE_IN_CTOR does what fake_misbehave.h says, FAKE_CTOR_MARKER appends the
 * loading process's pid to the file named by $QRT_TEST_CTOR_MARKER (so a test can tell which processes
 * ran the plugin's code). Linked with fake_plugin.c and fake_device.c, so the library is an otherwise
 * valid plugin. Only a child-process scan survives the first two; only isolation keeps the third out. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#ifdef FAKE_MISBEHAVE_IN_CTOR
#include "fake_misbehave.h"
#endif

static volatile int fake_ctor_keep_looping = 1;

__attribute__((constructor)) static void fake_static_constructor(void) {
#if defined(FAKE_CTOR_SEGFAULT)
  raise(SIGSEGV);
#elif defined(FAKE_CTOR_HANG)
  while (fake_ctor_keep_looping) {
  }
#elif defined(FAKE_CTOR_FLOOD)
  static const char line[] = "a plugin that will not stop talking while it loads\n";
  for (;;) fwrite(line, 1, sizeof line - 1, stdout);
#elif defined(FAKE_MISBEHAVE_IN_CTOR)
  fake_misbehave();
#elif defined(FAKE_CTOR_MARKER)
  const char* marker = getenv("QRT_TEST_CTOR_MARKER");
  if (marker && *marker) {
    FILE* file = fopen(marker, "a");
    if (file) {
      fprintf(file, "%ld\n", (long)getpid());
      fclose(file);
    }
  }
#endif
}
