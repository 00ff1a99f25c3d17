/* How a misbehaving fake plugin misbehaves (FAKE_MISBEHAVE_HOW), wherever it does (the static
 * constructor, create or a gate; see fake_device.h and fake_static_constructor.c):
 *   1 segfaults (raise(SIGSEGV): the same end as a stray store, without the undefined behaviour)
 *   2 calls exit(0): the process ends "successfully", the hardest case for whoever watches it
 *   3 hangs, asleep (it never returns and burns no CPU while the test waits for its timeout) */
#ifndef QRT_FAKE_MISBEHAVE_H
#define QRT_FAKE_MISBEHAVE_H

#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

static void fake_misbehave(void) {
#if FAKE_MISBEHAVE_HOW == 1
  raise(SIGSEGV);
#elif FAKE_MISBEHAVE_HOW == 2
  exit(0);
#elif FAKE_MISBEHAVE_HOW == 3
  for (;;) sleep(1000);
#else
#error "FAKE_MISBEHAVE_HOW must be 1 (segfault), 2 (exit) or 3 (hang)"
#endif
}

#endif /* QRT_FAKE_MISBEHAVE_H */
