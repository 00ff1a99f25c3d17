#include "loader/plugin_exit_guard.hpp"

#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <string>

namespace qrt::loader {
namespace {

// One per thread that ever called a plugin: what it calls now (nullptr: nothing). Trivially constructed and
// destroyed, so reading it costs no thread-local guard. The slots of live threads form a list (no
// allocation, nothing to destroy at exit) for the exit handler.
struct Slot {
  std::atomic<const PluginCall*> current{nullptr};
  bool listed = false;
  Slot* previous = nullptr;
  Slot* next = nullptr;
};
thread_local Slot t_slot;

std::mutex g_slots_mutex;
Slot* g_first_slot = nullptr;  // guarded by g_slots_mutex

// Lists the thread's slot on its first plugin call, unlists it when the thread ends.
struct SlotListing {
  SlotListing() {
    const std::lock_guard lock(g_slots_mutex);
    t_slot.next = g_first_slot;
    if (g_first_slot != nullptr) g_first_slot->previous = &t_slot;
    g_first_slot = &t_slot;
    t_slot.listed = true;
  }
  ~SlotListing() {
    const std::lock_guard lock(g_slots_mutex);
    if (t_slot.previous != nullptr) t_slot.previous->next = t_slot.next;
    else g_first_slot = t_slot.next;
    if (t_slot.next != nullptr) t_slot.next->previous = t_slot.previous;
  }
  SlotListing(const SlotListing&) = delete;
  SlotListing& operator=(const SlotListing&) = delete;
};

void list_this_thread() { thread_local SlotListing listing; }

bool on_main_thread() { return static_cast<pid_t>(::syscall(SYS_gettid)) == ::getpid(); }

// The plugin call to blame for this exit, or nullptr when the exit is the host's own.
const PluginCall* blamed_call() {
  if (const PluginCall* mine = t_slot.current.load(std::memory_order_acquire)) return mine;
  // A thread that never called a plugin through the host and is not the main thread: a plugin's own thread
  // if some host thread is inside a plugin call now. try_lock: the handler must not wait on a thread that
  // exit() will never let finish.
  if (t_slot.listed || on_main_thread()) return nullptr;
  const std::unique_lock lock(g_slots_mutex, std::try_to_lock);
  if (!lock.owns_lock()) return nullptr;
  for (const Slot* slot = g_first_slot; slot != nullptr; slot = slot->next)
    if (const PluginCall* call = slot->current.load(std::memory_order_acquire)) return call;
  return nullptr;
}

void write_all(std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(STDERR_FILENO, text.data(), text.size());
    if (n <= 0) return;
    text.remove_prefix(static_cast<std::size_t>(n));
  }
}

void on_process_exit(int status, void* /*unused*/) {
  const PluginCall* call = blamed_call();
  if (call == nullptr) return;
  const bool own_thread = t_slot.current.load(std::memory_order_acquire) != call;
  std::string message = "qrt: error: ";
  message += call->device.empty() ? "the plugin library " : "the plugin " + std::string(call->device) + " (library ";
  message += call->library->string();
  message += call->device.empty() ? "" : ")";
  message += " ended the process: it called exit(" + std::to_string(status) + ")";
  message += own_thread ? " from a thread of its own during " : " during ";
  message += call->operation;
  message +=
      ". Results are incomplete; a plugin must report errors as values (run it with --isolate, or "
      "isolate=true in its config, to keep qrt running when it does not)\n";
  write_all(message);
  // Not exit(): stdio buffers may hold part of a result, which must not look like a whole one.
  std::_Exit(1);
}

}  // namespace

std::atomic<bool> g_worker_process{false};

void install_plugin_exit_guard() {
  static std::once_flag installed;
  if (g_worker_process.load()) return;
  std::call_once(installed, [] { ::on_exit(on_process_exit, nullptr); });
}

void leave_plugin_exits_to_parent() { g_worker_process.store(true); }

PluginCallScope::PluginCallScope(const PluginCall& call) noexcept
    : call_(call), enclosing_(t_slot.current.load(std::memory_order_relaxed)) {
  if (!t_slot.listed) [[unlikely]]
    list_this_thread();
  t_slot.current.store(&call_, std::memory_order_release);
}

PluginCallScope::~PluginCallScope() { t_slot.current.store(enclosing_, std::memory_order_release); }

}  // namespace qrt::loader
