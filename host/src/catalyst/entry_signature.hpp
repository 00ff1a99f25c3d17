// The entry point of a Catalyst module and what it takes and returns. qjit emits jit_<name>(memref
// descriptors flattened into scalars: ptr allocated, ptr aligned, i64 offset, i64 sizes[R],
// i64 strides[R]) returning a descriptor, a struct of descriptors, or nothing; Catalyst's runtime
// examples have an i32 main() instead.
#pragma once

#include <qrt/catalyst/program.hpp>

#include <llvm/IR/Module.h>

#include <filesystem>
#include <string>
#include <vector>

namespace qrt::catalyst {

struct EntrySignature {
  llvm::Function* entry = nullptr;
  EntryForm form = EntryForm::Jit;
  std::vector<MemrefInfo> arguments, results;  // ranks here; element types from element_types.hpp
  std::vector<unsigned> argument_starts;       // each argument's first parameter (its allocated pointer)
  bool several_results = false;                // a struct of descriptors (else one descriptor, or none)
  llvm::Function* setup = nullptr;             // optional: void setup() or setup(i32, ptr)
  llvm::Function* teardown = nullptr;          // optional: void teardown()
};

// Finds the entry: `requested` ("jit_NAME" or "NAME"), else the module's one jit_ function, else main.
// Throws ProgramError naming the candidates when there is none or more than one, and explaining a
// signature that is not memref descriptors.
EntrySignature find_entry(llvm::Module& module, const std::filesystem::path& file, const std::string& requested);

}  // namespace qrt::catalyst
