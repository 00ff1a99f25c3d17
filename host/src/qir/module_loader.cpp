#include "qir/module_loader.hpp"

#include "qir/ir_upgrade.hpp"

#include <qrt/qir/program.hpp>

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/AutoUpgrade.h>
#include <llvm/IR/Verifier.h>
#include <llvm/IRReader/IRReader.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

#include <cctype>
#include <charconv>

namespace qrt::qir {
namespace {

constexpr unsigned kReaderMajor = 19;

bool is_bitcode(llvm::StringRef bytes) {
  return bytes.starts_with("BC\xC0\xDE") || bytes.starts_with("\xDE\xC0\x17\x0B");
}

// The word (identifier characters) at `column` of `line`, or empty when a symbol is there.
std::string word_at(llvm::StringRef line, int column) {
  auto is_word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; };
  std::size_t begin = static_cast<std::size_t>(std::max(column, 0)), end = begin;
  while (end < line.size() && is_word(line[end])) ++end;
  return line.substr(begin, end - begin).str();
}

[[noreturn]] void throw_parse_error(const std::filesystem::path& file, const llvm::SMDiagnostic& diagnostic) {
  std::string text = file.string();
  const bool located = diagnostic.getLineNo() > 0;
  if (located)
    text += ":" + std::to_string(diagnostic.getLineNo()) + ":" + std::to_string(diagnostic.getColumnNo() + 1);
  text += ": error: " + diagnostic.getMessage().str();
  if (located) {
    // A word LLVM 19 does not expect (a keyword of a newer LLVM, perhaps): name it.
    if (std::string token = word_at(diagnostic.getLineContents(), diagnostic.getColumnNo()); token.size() >= 3)
      text += " (at '" + token + "'; qrt reads LLVM " + std::to_string(kReaderMajor) +
              " IR and rewrites only the newer constructs docs/catalyst.md lists)";
    if (!diagnostic.getLineContents().empty()) {
      text += "\n  " + diagnostic.getLineContents().str() + "\n  ";
      text += std::string(static_cast<std::size_t>(std::max(diagnostic.getColumnNo(), 0)), ' ') + "^";
    }
  }
  throw ProgramError(text);
}

// Bitcode is forward-incompatible: LLVM 19 may misread or reject what a newer LLVM wrote. Refuse it up
// front, saying which LLVM wrote it.
void refuse_newer_bitcode(const std::filesystem::path& file, llvm::MemoryBufferRef bytes) {
  llvm::Expected<std::string> producer = llvm::getBitcodeProducerString(bytes);
  if (!producer) {
    llvm::consumeError(producer.takeError());
    return;  // no identification block (very old bitcode): the reader decides
  }
  const unsigned major = llvm_major_of_producer(*producer);
  if (major > kReaderMajor)
    throw ProgramError(file.string() + ": error: the bitcode was written by LLVM " + producer->substr(4) +
                       ", newer than the LLVM " + std::to_string(kReaderMajor) +
                       " qrt reads with; bitcode cannot be read by an older LLVM: give qrt the module as LLVM IR text "
                       "(llvm-dis of that LLVM, or the compiler's .ll output), whose newer constructs qrt rewrites");
}

}  // namespace

unsigned llvm_major_of_producer(std::string_view producer) noexcept {
  if (!producer.starts_with("LLVM")) return 0;
  unsigned major = 0;
  auto [end, ec] = std::from_chars(producer.data() + 4, producer.data() + producer.size(), major);
  return ec == std::errc() && end != producer.data() + 4 ? major : 0;
}

std::string read_module_file(const std::filesystem::path& file) {
  auto buffer = llvm::MemoryBuffer::getFile(file.string(), /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!buffer) throw ProgramError(file.string() + ": cannot read the file: " + buffer.getError().message());
  return (*buffer)->getBuffer().str();
}

std::unique_ptr<llvm::Module> load_module(const std::string& bytes, const std::filesystem::path& file,
                                          llvm::LLVMContext& context) {
  // A std::string's data is NUL-terminated, as the IR text parser wants.
  const std::string name = file.string();  // the buffer's identifier: must outlive the parse
  llvm::MemoryBufferRef buffer(llvm::StringRef(bytes.data(), bytes.size()), name);
  std::string upgraded;
  if (is_bitcode(buffer.getBuffer())) {
    refuse_newer_bitcode(file, buffer);
  } else {
    upgraded = upgrade_ir_text(buffer.getBuffer());
    buffer = llvm::MemoryBufferRef(upgraded, name);
  }
  llvm::SMDiagnostic diagnostic;
  std::unique_ptr<llvm::Module> module = llvm::parseIR(buffer, diagnostic, context);
  if (!module) throw_parse_error(file, diagnostic);
  // IR from an older compiler carries the data layout of its day (clang 14 writes x86-64's without
  // i128:128), and the JIT refuses a module whose layout differs from its own. Upgrade it as LLVM's own
  // tools do when they read such IR.
  const std::string layout = llvm::UpgradeDataLayoutString(module->getDataLayoutStr(), module->getTargetTriple());
  if (layout != module->getDataLayoutStr()) module->setDataLayout(layout);
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
