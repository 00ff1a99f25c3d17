// Loading a Catalyst program for the run policy (qrt::load_program calls it for qjit output).
#pragma once

#include <qrt/catalyst/program.hpp>
#include <qrt/load_program.hpp>

#include <filesystem>

namespace qrt::catalyst {

// Throws ProgramError as Program::load does.
LoadedProgram load(const std::filesystem::path& file, const qrt::LoadOptions& options);

}  // namespace qrt::catalyst
