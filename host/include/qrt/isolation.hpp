// Out-of-process isolation of untrusted plugins (see host/src/isolation/README.md).
//
// A device runs isolated when its config says isolate=true, or when the global switch is on
// (RuntimeOptions::isolate, $QRT_ISOLATE=1, `qrt run/batch --isolate`): the pool then keeps a worker
// process per instance, which loads the plugin and runs whole programs sent to it, so that a plugin that
// crashes, calls exit(), loops or exhausts memory costs a clear error and a fresh worker, never the host.
// Such a Device runs programs (run_program, Executor; a compiled QIR program's JIT code runs in the worker
// too, qrt::qir::run) and takes every per-operation call (allocate, apply, measure, probs, the runtime C
// API...): calls that return nothing are queued and sent, in one batch, with the next call that needs an
// answer.
#pragma once

namespace qrt::isolation {

// The worker program's main (qrt-worker):
//   qrt-worker --serve [--memory BYTES]   serve one device over the socket at fd 3 (the host starts this)
//   qrt-worker --scan FILE                load FILE and print its descriptor metadata as one JSON line
// Returns the process's exit status.
int worker_main(int argc, char** argv);

// Declares this process a worker whose parent reports how it ended (worker_main does it; so does
// check-plugin's worker): a plugin that calls exit() here then ends it with the plugin's own status, instead
// of the message naming the plugin and status 1 that an in-process host gives (docs/isolation.md). Call it
// before loading any plugin. Any thread.
void declare_worker_process();

}  // namespace qrt::isolation
