#include "isolation/compiled_runners.hpp"

#include "loader/own_library.hpp"

#include <qrt/error.hpp>

#include <algorithm>

namespace qrt::isolation {

const CompiledFrontEnd& compiled_front_end(std::string_view name) {
  const bool plain = !name.empty() && name.size() <= 32 && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
  if (!plain)
    throw Error(ErrorCode::InvalidArgument,
                "isolation protocol: '" + std::string(name) + "' is not a front end's name");
  using Entry = const CompiledFrontEnd* (*)();
  try {
    const auto entry = reinterpret_cast<Entry>(
        loader::own_library_function(std::string(name), "qrt_worker_front_end_" + std::string(name)));
    const CompiledFrontEnd* front_end = entry();
    if (!front_end || !front_end->run) throw Error(ErrorCode::LoadFailed, "its entry point gave no front end");
    return *front_end;
  } catch (const Error& e) {
    throw Error(ErrorCode::Unsupported,
                "this qrt cannot run " + std::string(name) + " programs in an isolated worker: " + e.what());
  }
}

}  // namespace qrt::isolation
