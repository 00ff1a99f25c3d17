#include "catalyst/function_table.hpp"

#include <memory>

namespace qrt::catalyst {

void FunctionTable::add(std::string name, std::string signature, void* address) {
  text_.push_back(std::make_unique<std::string>(std::move(name)));
  const char* n = text_.back()->c_str();
  text_.push_back(std::make_unique<std::string>(std::move(signature)));
  entries_.push_back({n, text_.back()->c_str(), address});
}

std::span<const capi::ProgramFunction> catalyst_functions() {
  static const FunctionTable table = [] {
    FunctionTable t;
    add_lifecycle_functions(t);
    add_qubit_functions(t);
    add_gate_functions(t);
    add_observable_functions(t);
    add_measurement_functions(t);
    add_gradient_functions(t);
    add_memory_functions(t);
    add_print_functions(t);
    return t;
  }();
  return table.entries();
}

bool is_catalyst_runtime_name(std::string_view name) noexcept {
  return name.starts_with("__catalyst") || name.starts_with("__quantum__") || name.starts_with("_mlir_") ||
         name == "memrefCopy";
}

}  // namespace qrt::catalyst
