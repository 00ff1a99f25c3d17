// What a loaded Catalyst program holds: its analysed entry and the compiled module's ways in.
#pragma once

#include "catalyst/call_wrappers.hpp"
#include "qir/jit_session.hpp"

#include <qrt/catalyst/program.hpp>

#include <memory>

namespace qrt::catalyst {

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
