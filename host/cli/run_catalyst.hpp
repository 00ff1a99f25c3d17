// `qrt run PROG.ll --arg VALUE ...` for Catalyst programs (qjit output, see docs/catalyst.md): the command
// line translated into a qrt::catalyst call, its results printed. Everything else is libqrt_catalyst's.
#pragma once

#include <boost/json/object.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace qrt::cli {

struct CatalystRunArgs {
  std::string file;
  std::string entry;
  std::vector<std::string> args;       // --arg VALUE, in the entry's argument order
  std::optional<std::string> device;   // -d: replaces the device of every device_init
  std::optional<std::uint64_t> shots, seed;
  std::string output = "table";
  std::optional<double> timeout;
  bool isolate = false, stats = false;
  std::string openqasm_only;  // OpenQASM-only options that were given ("--probs, --state"), refused
};

// Exit status as docs/cli.md's table: 0 done; 1 the program, its device or the input failed (the
// program's own message for fail_cstr / assert_bool); 64 a wrong --arg or an option that does not apply;
// 124 --timeout; 130 Ctrl-C.
int run_catalyst(const CatalystRunArgs& args);

// One argument-less Catalyst program of `qrt batch`: {"status", "front_end": "catalyst", "entry",
// "results", "devices", "timings"} (or "error"). Runs on the calling thread with devices from the pool.
boost::json::object run_catalyst_for_batch(const std::string& file, const std::optional<std::string>& device,
                                           std::optional<std::uint64_t> shots, std::optional<std::uint64_t> seed);

}  // namespace qrt::cli
