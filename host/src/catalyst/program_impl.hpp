// What a loaded Catalyst program holds: its analysed entry and the compiled module's ways in.
#pragma once

#include <qrt/catalyst/program.hpp>

#include <cstdint>
#include <memory>

namespace qrt::qir {
class JitSession;  // program.cpp, which owns it, sees LLVM; the call path (call.cpp) does not
}

namespace qrt::catalyst {

// The compiled module's ways in (call_wrappers.hpp adds them).
using CallWrapper = void (*)(void** args, void* result);
using PlainWrapper = void (*)();
using MainWrapper = void (*)(std::int32_t* status);

struct Program::Impl {
  std::filesystem::path file;
  EntryForm form = EntryForm::Jit;
  std::string entry_name;
  std::vector<MemrefInfo> arguments, results;
  bool several_results = false;
  double load_seconds = 0, compile_seconds = 0;
  std::unique_ptr<qir::JitSession> jit;
  CallWrapper call = nullptr;
  PlainWrapper setup = nullptr, teardown = nullptr;
  MainWrapper main = nullptr;
};

}  // namespace qrt::catalyst
