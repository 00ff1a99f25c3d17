// qrt::process_runtime(): the runtime C API's process-wide runtime, for C++ callers (language bindings).
#include "context/execution_context.hpp"

#include <qrt/runtime.hpp>

namespace qrt {

std::shared_ptr<Runtime> process_runtime() {
  context::ensure_initialized({});
  std::uint64_t generation = 0;
  return context::current_runtime(&generation);
}

}  // namespace qrt
