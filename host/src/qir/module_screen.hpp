// Refusing, before anything is compiled, what qrt's JIT cannot or will not compile. LLVM would report
// these deep in code generation, some as fatal errors that end the process.
#pragma once

#include <llvm/IR/Module.h>

#include <filesystem>
#include <string_view>

namespace qrt::qir {

// Throws ProgramError listing every problem: inline assembly (in a function, or module-level `module asm`:
// machine code qrt does not run; a program may call only the runtime and a few C library functions),
// and calls of intrinsics that are unknown to LLVM 19 or belong to another target than the host's.
// `runtime` names the runtime programs may call, for the message ("QIR runtime").
void screen_module(const llvm::Module& module, const std::filesystem::path& file,
                   std::string_view runtime = "QIR runtime");

}  // namespace qrt::qir
