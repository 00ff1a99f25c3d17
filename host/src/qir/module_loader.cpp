#include "qir/module_loader.hpp"

#include <qrt/qir/program.hpp>

#include <llvm/IR/AutoUpgrade.h>
#include <llvm/IR/Verifier.h>
#include <llvm/IRReader/IRReader.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

namespace qrt::qir {

std::string read_module_file(const std::filesystem::path& file) {
  auto buffer = llvm::MemoryBuffer::getFile(file.string(), /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!buffer) throw ProgramError(file.string() + ": cannot read the file: " + buffer.getError().message());
  return (*buffer)->getBuffer().str();
}

std::unique_ptr<llvm::Module> load_module(const std::string& bytes, const std::filesystem::path& file,
                                          llvm::LLVMContext& context) {
  // std::string's data is NUL-terminated, as the IR text parser wants. The buffer refers to both strings.
  const std::string name = file.string();
  const llvm::MemoryBufferRef buffer(llvm::StringRef(bytes.data(), bytes.size()), name);
  llvm::SMDiagnostic diagnostic;
  std::unique_ptr<llvm::Module> module = llvm::parseIR(buffer, diagnostic, context);
  if (!module) {
    std::string text = file.string();
    if (diagnostic.getLineNo() > 0)
      text += ":" + std::to_string(diagnostic.getLineNo()) + ":" + std::to_string(diagnostic.getColumnNo() + 1);
    text += ": error: " + diagnostic.getMessage().str();
    if (diagnostic.getLineNo() > 0 && !diagnostic.getLineContents().empty()) {
      text += "\n  " + diagnostic.getLineContents().str() + "\n  ";
      text += std::string(static_cast<std::size_t>(std::max(diagnostic.getColumnNo(), 0)), ' ') + "^";
    }
    throw ProgramError(text);
  }
  // IR from an older compiler carries the data layout of its day (clang 14 writes x86-64's without
  // i128:128), and the JIT refuses a module whose layout differs from its own. Upgrade it as LLVM's own
  // tools do when they read such IR.
  const std::string upgraded = llvm::UpgradeDataLayoutString(module->getDataLayoutStr(), module->getTargetTriple());
  if (upgraded != module->getDataLayoutStr()) module->setDataLayout(upgraded);
  std::string report;
  llvm::raw_string_ostream out(report);
  if (llvm::verifyModule(*module, &out)) {
    out.flush();
    while (!report.empty() && report.back() == '\n') report.pop_back();
    throw ProgramError(file.string() + ": error: the module is not valid LLVM IR:\n" + report);
  }
  return module;
}

}  // namespace qrt::qir
