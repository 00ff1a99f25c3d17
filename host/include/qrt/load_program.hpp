// Loading programs of every front end into a qrt::LoadedProgram (<qrt/loaded_program.hpp>), to run with
// qrt::run (<qrt/run.hpp>).
//
// load_program picks the front end by the file's content, not its name (qrt/program_kind.hpp): LLVM
// bitcode or IR text is QIR, anything else OpenQASM 2.0. It lives in the front ends' library
// (qrt::front_ends), which links every front end this qrt was built with; load_openqasm is libqrt's own.
#pragma once

#include <qrt/loaded_program.hpp>

#include <filesystem>
#include <string>
#include <string_view>

namespace qrt {

struct LoadOptions {
  std::string entry;  // QIR: the entry point to run; empty: the one marked entry_point
  // QIR: compile a straight-line program with the JIT instead of reading it as a circuit (QRT_QIR_JIT=1
  // does the same).
  bool force_jit = false;
};

// Throws qrt::program::Error (OpenQASM, with file, line and column) or qrt::Error (QIR: InvalidArgument
// with LLVM's diagnostic; Unsupported when qrt was built without the front end the file needs).
LoadedProgram load_program(const std::filesystem::path& file, const LoadOptions& options = {});

// OpenQASM 2.0 source text, named `name` in messages (its folder anchors relative includes), or a file. Free
// parameters (sweep identifiers, qrt/program/parameters.hpp) stay free: RunRequest::params binds them per run.
LoadedProgram load_openqasm(std::string_view source, const std::string& name = "<input>");
LoadedProgram load_openqasm_file(const std::filesystem::path& file);

}  // namespace qrt
