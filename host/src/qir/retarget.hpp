// A QIR module built for another machine runs here when nothing in it depends on that machine. hugr-qir
// writes aarch64's triple and data layout into every module, and LLVM's JIT refuses a module whose data
// layout is not its own ("incompatible data layouts"), though such a module — calls into the QIR runtime,
// integer and floating-point arithmetic, branches — means the same on any 64-bit little-endian machine.
//
// Portable, and so re-targeted: every type the module uses has the same size, alignment and field offsets
// under both layouts; the byte order is the same; no function or call uses a target's own calling
// convention; no variadic argument is read (va_list is laid out differently by each target); no type of
// one target only (x86_amx, ppc_fp128, target extension types); no "target-abi" module flag. Inline
// assembly and other targets' intrinsics are refused before (module_screen.hpp). Re-targeting sets this
// machine's triple and data layout and drops the functions' target-cpu, target-features and tune-cpu
// attributes (another target's CPU names and features mean nothing here; LLVM would warn about each).
#pragma once

#include <llvm/IR/Module.h>

#include <filesystem>

namespace qrt::qir {

// LLVM's native target, initialised once per process (the JIT and this machine's data layout need it).
void initialize_native_target();

// Gives `module` this machine's triple and data layout. A module without a data layout takes this
// machine's, as the JIT would give it; one with another layout or triple is checked first, and when it
// depends on its target, ProgramError names each construct that does ("FILE: error: the module was built
// for TRIPLE and depends on it: ...").
void retarget_to_host(llvm::Module& module, const std::filesystem::path& file);

}  // namespace qrt::qir
