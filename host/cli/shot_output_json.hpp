// How the result of a program that is not a circuit appears in JSON: a shot-by-shot program's (compiled QIR:
// records per shot, docs/qir.md) in the document of `qrt run -o json` and a `qrt batch` line; a Catalyst
// program's in a `qrt batch` line.
#pragma once

#include <qrt/loaded_program.hpp>
#include <qrt/run.hpp>

#include <boost/json/object.hpp>

#include <string>

namespace qrt::cli {

// {"<outcome key>": count, ...}: the result's counts (failed shots left out).
boost::json::object histogram_json(const RunResult& result);
// The program's messages (__quantum__rt__message), in shot order.
boost::json::array messages_json(const RunResult& result);
// The members every report of such a run has: front_end, entry, path, shots, histogram, timings.
boost::json::object shot_run_summary(const LoadedProgram& program, const RunResult& result);
// `qrt run -o json`'s document: file, device and seed, the program's metadata and every shot's records.
boost::json::object shot_run_document(const LoadedProgram& program, const RunResult& result, const std::string& file,
                                      const std::string& device_config);
// The members of a `qrt batch` line of a program that opens its own devices (Catalyst): front_end, entry,
// results (each returned value's JSON), devices (the Catalyst device asked for, the qrt device that served it,
// shots), printed (when it printed anything), timings.
boost::json::object own_devices_summary(const LoadedProgram& program, const RunResult& result);
// "shot K failed: ERROR" of a failed run.
std::string failure_text(const RunResult& result);

}  // namespace qrt::cli
