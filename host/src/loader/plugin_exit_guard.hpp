// A plugin that ends the process in-process (exit() from a device call, from its library's constructors, or
// from a thread of its own while the host waits in one of its calls) is named, and the process ends with
// status 1 and that message instead of whatever status the plugin chose (exit(0) used to turn a run into
// silent success: rc 0, no output, no message).
//
// How: every call into a plugin marks the calling thread for its duration (PluginCallScope: plain stores
// into this thread's own slot, no shared cache line); an on_exit() handler installed when the first plugin
// library is loaded looks at the slots. It blames a plugin when the exiting thread is inside a plugin call,
// or when the exiting thread never called a plugin through the host and is not the main thread (a thread
// the plugin started: its OpenMP pool, say) while some host thread is inside a plugin call. Any other exit
// is the host's own and passes unchanged.
//
// Not caught: _exit()/_Exit()/quick_exit() and signals skip exit handlers (a crash is reported by the shell
// as a signal). Isolated devices (docs/isolation.md) turn every one of these into an error of one run.
#pragma once

#include <filesystem>
#include <string_view>

namespace qrt::loader {

// Installs the exit handler (once; later calls do nothing), unless this process is a worker. Thread-safe.
void install_plugin_exit_guard();

// Called first by a worker process (isolated device, plugin scan, check-plugin's worker): the host that
// started it reports how it ended ("exited with status N" naming the device or the check), so a plugin's
// exit there passes unchanged.
void leave_plugin_exits_to_parent();

// What the current thread is calling: a device (may be empty while a library loads), its library, the call.
struct PluginCall {
  std::string_view device;
  const std::filesystem::path* library = nullptr;
  std::string_view operation;
};

// Marks the current thread as inside `call` until the scope ends (scopes nest). What `call` refers to must
// outlive the scope; exit() does not unwind, so a caller's temporaries are still there when the handler runs.
// Costs two thread-local stores when the thread has made a plugin call before.
class PluginCallScope {
 public:
  explicit PluginCallScope(const PluginCall& call) noexcept;
  ~PluginCallScope();
  PluginCallScope(const PluginCallScope&) = delete;
  PluginCallScope& operator=(const PluginCallScope&) = delete;

 private:
  PluginCall call_;
  const PluginCall* enclosing_;  // this thread's previous call (nullptr: none), restored at the end
};

}  // namespace qrt::loader
