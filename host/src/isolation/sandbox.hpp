// The sandbox of isolation workers: a seccomp-bpf filter (libseccomp) that a `qrt-worker --serve` process
// installs once the plugin is loaded and before any device code runs, so that untrusted code in it — a
// plugin's device code, a program's JIT code — cannot do more than compute. What it forbids, what it leaves
// and why: host/src/isolation/README.md, "The sandbox"; what each isolation mode guarantees:
// docs/isolation.md.
#pragma once

#include <string>

namespace qrt::isolation {

// Installs the filter on every thread of this process (SECCOMP_FILTER_FLAG_TSYNC), for good: a filter
// cannot be lifted, and every thread or process started later inherits it. PR_SET_NO_NEW_PRIVS is set, so
// no set-uid or file-capability program could add rights either, and stdin becomes /dev/null (the
// worker never reads it; a terminal there would be readable).
//
// A forbidden call does not return: the process writes one error reply of the isolation protocol to
// `report_fd` — "<subject>: the sandbox refused <call> (<what it does>) and ended the worker; ..." — and
// ends itself with SIGSYS (without a core file). The host reads that reply as the answer to the request
// it is waiting on; a worker that dies before it is read is reported with its signal.
//
// `subject` names the worker in the report (the host's wording: "DEVICE (library PATH, isolated worker
// process PID)"). Throws Error(Internal) when the kernel or libseccomp refuses the filter.
void enter_sandbox(int report_fd, const std::string& subject);

}  // namespace qrt::isolation
