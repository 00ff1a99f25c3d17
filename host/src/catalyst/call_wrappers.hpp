// Uniform ways in for the host: functions added to the module before it is compiled, so that qrt calls
// every module the same way whatever its entry's signature (MLIR's "packed" calling convention):
//   void __qrt_catalyst_call(ptr args, ptr result)  the entry with *args[i] as parameter i (each slot a
//                                                   pointer to its value); its return value stored at result
//   void __qrt_catalyst_setup()                     setup(), or setup(1, {"qrt", null}); nothing if absent
//   void __qrt_catalyst_teardown()                  teardown(); nothing if absent
//   void __qrt_catalyst_main(ptr status)            main() or main(1, {"qrt", null}), its i32 at status
#pragma once

#include "catalyst/entry_signature.hpp"

namespace qrt::catalyst {

inline constexpr const char* kCallWrapper = "__qrt_catalyst_call";
inline constexpr const char* kSetupWrapper = "__qrt_catalyst_setup";
inline constexpr const char* kTeardownWrapper = "__qrt_catalyst_teardown";
inline constexpr const char* kMainWrapper = "__qrt_catalyst_main";

// Throws ProgramError when the module already defines one of these names.
void add_call_wrappers(llvm::Module& module, const EntrySignature& signature, const std::filesystem::path& file);

}  // namespace qrt::catalyst
