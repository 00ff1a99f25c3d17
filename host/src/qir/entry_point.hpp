// Finding the entry point of a QIR module and its metadata (the entry point's string attributes).
#pragma once

#include <qrt/qir/program.hpp>

#include <llvm/IR/Module.h>

#include <filesystem>
#include <string>
#include <vector>

namespace qrt::qir {

struct EntryPoint {
  llvm::Function* function = nullptr;
  std::vector<MetadataEntry> metadata;  // in LLVM's attribute order (sorted by key), as qir-runner prints
  std::uint64_t required_qubits = 0, required_results = 0;
};

// The function marked `entry_point` (QIR profiles) or `EntryPoint` (older QIR), or the one named
// `requested`. Throws ProgramError listing the candidates when there is none or more than one, and for
// an entry point that takes arguments.
EntryPoint find_entry_point(llvm::Module& module, const std::filesystem::path& file, const std::string& requested);

}  // namespace qrt::qir
