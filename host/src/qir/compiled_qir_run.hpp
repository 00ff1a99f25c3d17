// A compiled QIR program's run as its device's backend carries it (device/compiled_run.hpp): on an
// in-process device its shots run here (shot_loop.hpp); on an isolated one the module's bytes go to the
// device's worker, whose QIR front end (worker_runner.hpp) loads and compiles them and runs the same shots
// with the same seeds there, sending each shot's output back as it finishes.
#pragma once

#include "device/compiled_run.hpp"
#include "qir/shot_loop.hpp"

#include <qrt/qir/program.hpp>

#include <filesystem>
#include <string>
#include <string_view>

namespace qrt::qir {

// The name the worker knows the QIR front end by.
inline constexpr std::string_view kFrontEndName = "qir";

// What a run needs of a compiled Program.
struct CompiledProgram {
  ShotLoop loop;           // entry, qubits, results; shots, seeds and stop_on_failure of this run
  std::string_view bytes;  // the module, as read
  std::filesystem::path file;
  std::string entry_name;
};

// Program's internals for the front end's own code (Program befriends it).
struct ProgramInternals {
  static RunResult run(const Program& program, Device& device, const RunOptions& options);
  // The program's compiled entry point and module; the loop's shots, seed and stop_on_failure are left at
  // their defaults. `program` must have been compiled (!program.lowered()) and outlive the result.
  static CompiledProgram compiled(const Program& program);
};

class CompiledQirRun final : public device::CompiledRun {
 public:
  // Shots are appended to `result` (and passed to options.on_shot) as they finish.
  CompiledQirRun(CompiledProgram program, const RunOptions& options, RunResult& result)
      : program_(std::move(program)), options_(options), result_(result) {}

  void run_here(Device& device) override;
  std::string_view front_end() const override { return kFrontEndName; }
  boost::json::object request() const override;
  std::string_view program_bytes() const override { return program_.bytes; }
  std::string description() const override { return "the QIR program " + program_.file.string(); }
  void on_message(const boost::json::object& message) override;
  ExecutionProgress* progress() const override { return options_.progress; }

 private:
  void deliver(std::uint64_t shot, ShotOutput&& output);

  CompiledProgram program_;
  const RunOptions& options_;
  RunResult& result_;
};

}  // namespace qrt::qir
