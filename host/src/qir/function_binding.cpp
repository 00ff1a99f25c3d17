#include "qir/function_binding.hpp"

#include <qrt/qir/program.hpp>

#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <array>

namespace qrt::qir {
namespace {

constexpr auto kLibraryFunctions = std::to_array<std::string_view>({
    "memcpy", "memmove", "memset", "memcmp", "strlen", "printf", "puts",   "putchar", "abs",   "labs",
    "llabs",  "sin",     "cos",    "tan",    "asin",   "acos",   "atan",   "atan2",   "sinh",  "cosh",
    "tanh",   "asinh",   "acosh",  "atanh",  "exp",    "exp2",   "expm1",  "log",     "log2",  "log10",
    "log1p",  "pow",     "sqrt",   "cbrt",   "fabs",   "floor",  "ceil",   "round",   "trunc", "fmod",
    "hypot",  "fmin",    "fmax",   "fma",    "erf",    "erfc",   "tgamma", "lgamma",  "sinf",  "cosf",
    "tanf",   "asinf",   "acosf",  "atanf",  "atan2f", "sinhf",  "coshf",  "tanhf",   "expf",  "exp2f",
    "expm1f", "logf",    "log2f",  "log10f", "log1pf", "powf",   "sqrtf",  "cbrtf",   "fabsf", "floorf",
    "ceilf",  "roundf",  "truncf", "fmodf",  "fminf",  "fmaxf",  "fmaf",   "erff",
});

bool is_qir_name(std::string_view name) { return name.starts_with("__quantum__") || name.starts_with("quantum__rt__"); }

std::string signature_of(const llvm::Function& f) {
  std::string text;
  llvm::raw_string_ostream out(text);
  f.getFunctionType()->print(out);
  out.flush();
  return text;
}

}  // namespace

RuntimeSurface qir_runtime_surface() noexcept { return {"QIR runtime", capi::program_functions(), &is_qir_name}; }

bool is_allowed_library_function(std::string_view name) noexcept {
  return std::find(kLibraryFunctions.begin(), kLibraryFunctions.end(), name) != kLibraryFunctions.end();
}

std::vector<Binding> bind_declarations(const llvm::Module& module, const std::filesystem::path& file,
                                       const RuntimeSurface& surface) {
  std::vector<Binding> bindings;
  std::vector<std::string> problems;
  for (const llvm::Function& f : module) {
    if (!f.isDeclaration() || f.isIntrinsic()) continue;
    const bool runtime_name = surface.is_runtime_name(f.getName());
    if (f.use_empty() && !runtime_name) continue;  // an unused external is harmless
    std::string name = f.getName().str();
    std::string signature = signature_of(f);
    std::vector<std::string> offered;
    const capi::ProgramFunction* match = nullptr;
    for (const auto& candidate : surface.functions) {
      if (name != candidate.name) continue;
      offered.emplace_back(candidate.signature);
      if (!match && signature == candidate.signature) match = &candidate;  // the first offered wins
    }
    if (match) {
      bindings.push_back({name, match->address});  // runtime functions, and C library ones qrt replaces (abort)
    } else if (offered.empty() && !runtime_name) {
      if (!is_allowed_library_function(name))
        problems.push_back(name + " (not a " + std::string(surface.runtime) +
                           " function, nor a C library function qrt lets programs call)");
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
