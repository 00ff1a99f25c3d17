// Loading a QIR program for the run policy (qrt::load_program calls it for LLVM IR and bitcode).
#pragma once

#include <qrt/loaded_program.hpp>
#include <qrt/qir/program.hpp>

#include <filesystem>

namespace qrt::qir {

// Throws ProgramError as Program::load does.
LoadedProgram load(const std::filesystem::path& file, const LoadOptions& options);

}  // namespace qrt::qir
