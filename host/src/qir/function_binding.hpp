// Binding the functions a module declares to one of qrt's runtimes (the QIR runtime, the Catalyst
// runtime): every declared runtime function must be one qrt provides, with the same signature, before
// anything runs.
#pragma once

#include "capi/program_driver.hpp"

#include <llvm/IR/Module.h>

#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace qrt::qir {

struct Binding {
  std::string name;
  void* address;
};

// What JIT code of one front end may call.
struct RuntimeSurface {
  std::string_view runtime;                          // "QIR runtime", for messages
  std::span<const capi::ProgramFunction> functions;  // a name may appear with several signatures
  // Names that belong to the runtime: a declaration of one must be provided (else "qrt does not provide
  // it"), used or not. Other externals may be C library functions qrt allows (below), or unused.
  bool (*is_runtime_name)(std::string_view name);
};

// The QIR runtime: capi::program_functions(), names __quantum__* and quantum__rt__*.
RuntimeSurface qir_runtime_surface() noexcept;

// Throws ProgramError "failed to link some declared functions: NAME (why), ..." listing every declared
// function that cannot be bound: a runtime function qrt lacks or declares differently, or another
// external that is neither an LLVM intrinsic nor one of the C library functions JIT code may call.
std::vector<Binding> bind_declarations(const llvm::Module& module, const std::filesystem::path& file,
                                       const RuntimeSurface& surface = qir_runtime_surface());

// C library functions a program (or the code LLVM generates for it: memcpy for llvm.memcpy, libm for
// math intrinsics) may call; resolved from the process.
bool is_allowed_library_function(std::string_view name) noexcept;

}  // namespace qrt::qir
