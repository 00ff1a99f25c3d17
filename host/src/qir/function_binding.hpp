// Binding the functions a module declares to qrt's runtime: every declared __quantum__* function must
// be one qrt provides, with the same signature, before anything runs.
#pragma once

#include <llvm/IR/Module.h>

#include <filesystem>
#include <string>
#include <vector>

namespace qrt::qir {

struct Binding {
  std::string name;
  void* address;
};

// Throws ProgramError "failed to link some declared functions: NAME (why), ..." listing every declared
// function that cannot be bound: a __quantum__* function qrt lacks or declares differently, or another
// external that is neither an LLVM intrinsic nor one of the C library functions JIT code may call.
std::vector<Binding> bind_declarations(const llvm::Module& module, const std::filesystem::path& file);

// C library functions a program (or the code LLVM generates for it: memcpy for llvm.memcpy, libm for
// math intrinsics) may call; resolved from the process.
bool is_allowed_library_function(std::string_view name) noexcept;

}  // namespace qrt::qir
