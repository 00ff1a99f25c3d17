#include "qir/module_screen.hpp"

#include <qrt/qir/program.hpp>

#include <llvm/IR/InlineAsm.h>
#include <llvm/IR/Instructions.h>
#include <llvm/TargetParser/Host.h>
#include <llvm/TargetParser/Triple.h>

#include <set>
#include <string>
#include <vector>

namespace qrt::qir {
namespace {

std::string excerpt(llvm::StringRef text) {
  std::string s = text.substr(0, 40).str();
  for (char& c : s)
    if (c == '\n' || c == '\t') c = ' ';
  return text.size() > 40 ? s + "..." : s;
}

// Why the JIT cannot call this intrinsic, or empty when it can.
std::string intrinsic_problem(const llvm::Function& f, llvm::StringRef host_prefix) {
  if (f.getIntrinsicID() == llvm::Intrinsic::not_intrinsic) return "an intrinsic LLVM 19 does not know";
  if (!f.isTargetIntrinsic()) return {};
  if (!host_prefix.empty() && f.getName().starts_with(("llvm." + host_prefix + ".").str())) return {};
  return "an intrinsic of another target than this machine's (" + llvm::sys::getProcessTriple() + ")";
}

}  // namespace

void screen_module(const llvm::Module& module, const std::filesystem::path& file, std::string_view runtime) {
  std::vector<std::string> problems;
  if (!module.getModuleInlineAsm().empty())
    problems.push_back("module-level inline assembly (\"" + excerpt(module.getModuleInlineAsm()) + "\")");
  const llvm::StringRef host_prefix =
      llvm::Triple::getArchTypePrefix(llvm::Triple(llvm::sys::getProcessTriple()).getArch());
  std::set<const llvm::Function*> reported;
  for (const llvm::Function& f : module) {
    if (f.isIntrinsic() && !f.use_empty() && reported.insert(&f).second) {
      std::string why = intrinsic_problem(f, host_prefix);
      if (!why.empty()) problems.push_back("a call of " + f.getName().str() + " (" + why + ")");
    }
    for (const llvm::BasicBlock& block : f)
      for (const llvm::Instruction& instruction : block) {
        const auto* call = llvm::dyn_cast<llvm::CallBase>(&instruction);
        if (!call || !call->isInlineAsm()) continue;
        const auto* assembly = llvm::cast<llvm::InlineAsm>(call->getCalledOperand());
        problems.push_back("inline assembly in function '" + f.getName().str() + "' (\"" +
                           excerpt(assembly->getAsmString()) + "\")");
      }
  }
  if (problems.empty()) return;
  std::string text = file.string() + ": error: the module uses what qrt does not compile: ";
  for (std::size_t i = 0; i < problems.size(); ++i) text += (i ? "; " : "") + problems[i];
  text += " (a program may call only the " + std::string(runtime) + " and the C library functions qrt allows)";
  throw ProgramError(text);
}

}  // namespace qrt::qir
