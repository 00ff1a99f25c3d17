#include "catalyst/entry_signature.hpp"

#include <llvm/IR/DerivedTypes.h>
#include <llvm/Support/raw_ostream.h>

namespace qrt::catalyst {
namespace {

std::string type_text(const llvm::Type* t) {
  std::string s;
  llvm::raw_string_ostream out(s);
  t->print(out);
  return out.str();
}

bool is_i64(const llvm::Type* t) { return t->isIntegerTy(64); }

// The rank of a descriptor struct {ptr, ptr, i64} or {ptr, ptr, i64, [R x i64], [R x i64]}, or -1.
int descriptor_rank(const llvm::Type* t) {
  const auto* s = llvm::dyn_cast<llvm::StructType>(t);
  if (!s || (s->getNumElements() != 3 && s->getNumElements() != 5)) return -1;
  if (!s->getElementType(0)->isPointerTy() || !s->getElementType(1)->isPointerTy() || !is_i64(s->getElementType(2)))
    return -1;
  if (s->getNumElements() == 3) return 0;
  const auto* sizes = llvm::dyn_cast<llvm::ArrayType>(s->getElementType(3));
  const auto* strides = llvm::dyn_cast<llvm::ArrayType>(s->getElementType(4));
  if (!sizes || !strides || !is_i64(sizes->getElementType()) || !is_i64(strides->getElementType()) ||
      sizes->getNumElements() != strides->getNumElements() || sizes->getNumElements() == 0)
    return -1;
  return static_cast<int>(sizes->getNumElements());
}

std::string join(const std::vector<std::string>& names) {
  std::string text;
  for (const auto& n : names) text += (text.empty() ? "" : ", ") + n;
  return text;
}

[[noreturn]] void refuse(const std::filesystem::path& file, const std::string& why) {
  throw ProgramError(file.string() + ": error: " + why);
}

void read_parameters(EntrySignature& sig, const std::filesystem::path& file) {
  const llvm::FunctionType* type = sig.entry->getFunctionType();
  const std::string name = sig.entry->getName().str();
  if (type->isVarArg())
    refuse(file,
           "the entry point '" + name + "' is variadic; qrt calls entries whose parameters are memref descriptors");
  const unsigned n = type->getNumParams();
  unsigned i = 0;
  while (i < n) {
    const unsigned start = i;
    auto bad = [&](unsigned at) {
      refuse(
          file,
          "the entry point '" + name + "' takes " + type_text(type->getParamType(at)) + " as parameter " +
              std::to_string(at + 1) +
              " where a memref descriptor (ptr allocated, ptr aligned, i64 offset, "
              "i64 sizes..., i64 strides...) is expected; qrt calls entries whose parameters are memref descriptors");
    };
    if (i + 2 >= n) bad(i);
    if (!type->getParamType(i)->isPointerTy()) bad(i);
    if (!type->getParamType(i + 1)->isPointerTy()) bad(i + 1);
    if (!is_i64(type->getParamType(i + 2))) bad(i + 2);
    i += 3;
    unsigned integers = 0;
    while (i + integers < n && is_i64(type->getParamType(i + integers))) ++integers;
    if (i + integers < n && !type->getParamType(i + integers)->isPointerTy()) bad(i + integers);
    if (integers % 2)
      refuse(file, "the entry point '" + name + "': argument " + std::to_string(sig.arguments.size() + 1) +
                       " has an odd number of sizes and strides (" + std::to_string(integers) + ")");
    i += integers;
    sig.argument_starts.push_back(start);
    sig.arguments.push_back({integers / 2, std::nullopt});
  }
}

void read_results(EntrySignature& sig, const std::filesystem::path& file) {
  llvm::Type* ret = sig.entry->getReturnType();
  if (ret->isVoidTy()) return;
  const std::string name = sig.entry->getName().str();
  if (int rank = descriptor_rank(ret); rank >= 0) {
    sig.results.push_back({static_cast<std::size_t>(rank), std::nullopt});
    return;
  }
  const auto* s = llvm::dyn_cast<llvm::StructType>(ret);
  if (s && s->getNumElements() > 0) {
    for (llvm::Type* element : s->elements()) {
      const int rank = descriptor_rank(element);
      if (rank < 0) break;
      sig.results.push_back({static_cast<std::size_t>(rank), std::nullopt});
    }
    if (sig.results.size() == s->getNumElements()) {
      sig.several_results = true;
      return;
    }
  }
  refuse(file, "the entry point '" + name + "' returns " + type_text(ret) +
                   ", which is neither a memref descriptor nor a struct of them");
}

}  // namespace

EntrySignature find_entry(llvm::Module& module, const std::filesystem::path& file, const std::string& requested) {
  std::vector<llvm::Function*> jits;
  for (llvm::Function& f : module)
    if (!f.isDeclaration() && !f.hasLocalLinkage() && f.getName().starts_with("jit_")) jits.push_back(&f);
  std::vector<std::string> names;
  names.reserve(jits.size());
  for (auto* f : jits) names.push_back(f->getName().str());
  EntrySignature sig;
  if (!requested.empty()) {
    llvm::Function* f = module.getFunction(requested.starts_with("jit_") ? requested : "jit_" + requested);
    if (!f || f->isDeclaration())
      refuse(file,
             "no entry point named '" + requested + "' (" +
                 (names.empty() ? std::string("the module has no jit_ function") : "entry points: " + join(names)) +
                 ")");
    sig.entry = f;
  } else if (jits.size() == 1) {
    sig.entry = jits.front();
  } else if (jits.size() > 1) {
    refuse(file, "the module has " + std::to_string(jits.size()) + " entry points (" + join(names) +
                     "); choose one with --entry NAME");
  } else if (llvm::Function* main = module.getFunction("main"); main && !main->isDeclaration()) {
    sig.entry = main;
    sig.form = EntryForm::Main;
    const auto* type = main->getFunctionType();
    const bool plain = type->getNumParams() == 0;
    const bool with_argv =
        type->getNumParams() == 2 && type->getParamType(0)->isIntegerTy(32) && type->getParamType(1)->isPointerTy();
    if (!type->getReturnType()->isIntegerTy(32) || !(plain || with_argv) || type->isVarArg())
      refuse(file, "the module's main has the type " + type_text(type) + "; qrt runs i32 main() or i32 main(i32, ptr)");
    return sig;
  } else {
    refuse(file, "the module defines no jit_ function (the entry point qjit emits) and no main");
  }
  read_parameters(sig, file);
  read_results(sig, file);
  for (const char* name : {"setup", "teardown"}) {
    llvm::Function* f = module.getFunction(name);
    if (!f || f->isDeclaration()) continue;
    const auto* type = f->getFunctionType();
    const bool plain = type->getNumParams() == 0;
    const bool with_argv =
        type->getNumParams() == 2 && type->getParamType(0)->isIntegerTy(32) && type->getParamType(1)->isPointerTy();
    const bool returns = type->getReturnType()->isVoidTy() || type->getReturnType()->isIntegerTy(32);
    if (!returns || type->isVarArg() || !(plain || (with_argv && std::string_view(name) == "setup")))
      refuse(file, "the module's " + std::string(name) + " has the type " + type_text(type) +
                       (std::string_view(name) == "setup" ? "; qrt calls setup() or setup(i32 argc, ptr argv)"
                                                          : "; qrt calls teardown()"));
    (std::string_view(name) == "setup" ? sig.setup : sig.teardown) = f;
  }
  return sig;
}

}  // namespace qrt::catalyst
