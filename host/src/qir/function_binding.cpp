#include "qir/function_binding.hpp"

#include "capi/program_driver.hpp"

#include <qrt/qir/program.hpp>

#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <array>

namespace qrt::qir {
namespace {

constexpr auto kLibraryFunctions = std::to_array<std::string_view>({
    "memcpy", "memmove", "memset", "memcmp", "strlen", "printf", "puts", "putchar", "abs", "labs", "llabs",
    "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "exp", "exp2", "log", "log2",
    "log10", "pow", "sqrt", "cbrt", "fabs", "floor", "ceil", "round", "trunc", "fmod", "hypot", "fmin", "fmax",
});

std::string signature_of(const llvm::Function& f) {
  std::string text;
  llvm::raw_string_ostream out(text);
  f.getFunctionType()->print(out);
  out.flush();
  return text;
}

}  // namespace

bool is_allowed_library_function(std::string_view name) noexcept {
  return std::find(kLibraryFunctions.begin(), kLibraryFunctions.end(), name) != kLibraryFunctions.end();
}

std::vector<Binding> bind_declarations(const llvm::Module& module, const std::filesystem::path& file) {
  std::vector<Binding> bindings;
  std::vector<std::string> problems;
  auto provided = capi::program_functions();
  for (const llvm::Function& f : module) {
    if (!f.isDeclaration() || f.isIntrinsic()) continue;
    const bool qir_name = f.getName().starts_with("__quantum__") || f.getName().starts_with("quantum__rt__");
    if (f.use_empty() && !qir_name) continue;  // an unused external is harmless
    std::string name = f.getName().str();
    std::string signature = signature_of(f);
    std::vector<std::string> offered;
    const capi::ProgramFunction* match = nullptr;
    for (const auto& candidate : provided) {
      if (name != candidate.name) continue;
      offered.emplace_back(candidate.signature);
      if (signature == candidate.signature) match = &candidate;
    }
    if (match) {
      bindings.push_back({name, match->address});  // runtime functions, and C library ones qrt replaces (abort)
    } else if (offered.empty() && !qir_name) {
      if (!is_allowed_library_function(name)) problems.push_back(name + " (not a QIR runtime function, nor a C library function qrt lets programs call)");
    } else if (offered.empty()) {
      problems.push_back(name + " (qrt does not provide it)");
    } else {
      std::string list;
      for (const auto& s : offered) list += (list.empty() ? "" : " or ") + s;
      problems.push_back(name + " (declared as " + signature + "; qrt provides " + list + ")");
    }
  }
  if (!problems.empty()) {
    std::string text = file.string() + ": error: failed to link some declared functions: ";
    for (std::size_t i = 0; i < problems.size(); ++i) text += (i ? ", " : "") + problems[i];
    throw ProgramError(text);
  }
  return bindings;
}

}  // namespace qrt::qir
