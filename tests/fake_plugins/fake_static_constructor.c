/* A static constructor that dies while the library is being loaded, before the host sees any symbol:
 * FAKE_CTOR_SEGFAULT segfaults, FAKE_CTOR_HANG loops forever. Linked with fake_plugin.c and
 * fake_device.c, so the library is an otherwise valid plugin. Only a child-process scan survives it. */
#include <signal.h>

static volatile int fake_ctor_keep_looping = 1;

__attribute__((constructor)) static void fake_static_constructor(void) {
#if defined(FAKE_CTOR_SEGFAULT)
  raise(SIGSEGV);
#elif defined(FAKE_CTOR_HANG)
  while (fake_ctor_keep_looping) {
  }
#endif
}
