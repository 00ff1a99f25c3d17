// The functions a Catalyst module may call, as the QIR front end's binder takes them: each runtime
// function under its name with its LLVM signature (opaque pointers), in every form qrt provides (current
// qjit output, the 2023 runtime's `__quantum__` names and bool adjoint flags, the runtime examples'
// qubit-first gates), plus the MLIR runtime support compiled memrefs call.
#pragma once

#include "capi/program_driver.hpp"

#include <span>
#include <string>
#include <vector>

namespace qrt::catalyst {

// Collects table entries; owns the name and signature text the entries point to.
class FunctionTable {
 public:
  void add(std::string name, std::string signature, void* address);
  std::span<const capi::ProgramFunction> entries() const { return entries_; }

 private:
  std::vector<std::unique_ptr<std::string>> text_;
  std::vector<capi::ProgramFunction> entries_;
};

template <class F>
void* address_of(F* f) noexcept {
  return reinterpret_cast<void*>(f);
}

// Each part of the runtime adds its functions (runtime_*.cpp).
void add_lifecycle_functions(FunctionTable& table);
void add_qubit_functions(FunctionTable& table);
void add_gate_functions(FunctionTable& table);
void add_observable_functions(FunctionTable& table);
void add_measurement_functions(FunctionTable& table);
void add_gradient_functions(FunctionTable& table);
void add_memory_functions(FunctionTable& table);
void add_print_functions(FunctionTable& table);

// The whole table, built once.
std::span<const capi::ProgramFunction> catalyst_functions();
// Names a module may declare only when qrt provides them (else "qrt does not provide it"): __catalyst__*,
// the 2023 runtime's __quantum__*, MLIR's _mlir_* support.
bool is_catalyst_runtime_name(std::string_view name) noexcept;

}  // namespace qrt::catalyst
