// `qrt run PROG.ll --arg VALUE ...` for a Catalyst program (qjit output, docs/catalyst.md): its arguments, the
// device that replaces its own (-d, when given), qrt::run, and its results printed: one line per returned value
// after what the program printed, or one JSON document (catalyst::run_json).
#pragma once

#include <qrt/device_spec.hpp>
#include <qrt/loaded_program.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace qrt::cli {

struct CatalystRunArgs {
  std::string file;                  // as shown in messages
  std::vector<std::string> args;     // --arg VALUE, in the entry's argument order
  std::optional<DeviceSpec> device;  // -d: replaces the device of every device_init
  std::optional<std::uint64_t> shots, seed;
  std::string output = "table";
  std::optional<double> timeout;
  bool stats = false;
  bool progress = false, no_progress = false;
};

// Exit status as docs/cli.md's table: 0 done; 1 the program, its device or the input failed (the program's
// own message for fail_cstr / assert_bool); 64 a wrong --arg or an option that does not apply; 124 --timeout;
// 130 Ctrl-C.
int run_catalyst(const CatalystRunArgs& args, const LoadedProgram& program);

// --isolate: the same command in a child process (this executable), whose crash cannot take qrt down.
int run_catalyst_in_child(const std::vector<std::string>& words, const std::string& file);

}  // namespace qrt::cli
