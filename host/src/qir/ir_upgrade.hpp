// Reading LLVM IR text written by an LLVM newer than 19 (current Catalyst is built on LLVM 21): each
// construct LLVM 20-22 added that such a module can contain is rewritten into its LLVM 19 meaning before
// LLVM 19's parser sees the text. Every rewrite keeps the program's meaning or weakens only what the
// optimizer may assume (a dropped hint, a dropped poison flag), never what the program computes, and
// keeps the line structure (LLVM's diagnostics still name the file's own lines).
//
//   captures(none)                   -> nocapture             (LLVM 21's spelling of the same attribute)
//   captures(address, ...)           -> (dropped)              (a weaker hint than nocapture: none is kept)
//   icmp samesign <pred>             -> icmp <pred>            (a poison flag, LLVM 20)
//   memory(..., errnomem: X, ...)    -> memory(X, argmem: .., inaccessiblemem: ..)  (LLVM 21 split errno
//                                       from the other memory LLVM 19 leaves unnamed; any location LLVM 19 lacks
//                                       is folded into that leading access kind the same way)
//   ptrtoaddr                        -> ptrtoint               (LLVM 22; the same on the address spaces qrt runs)
//   @llvm.lifetime.{start,end}.p0(ptr) -> (i64 -1, ptr)        (LLVM 21 dropped the size operand)
//   dead_on_return, nocreateundeforpoison, sanitize_realtime(_blocking), sanitize_type,
//   sanitize_alloc_token             -> (dropped)              (hints and instrumentation markers)
//
// Anything else LLVM 19 cannot read is left for its parser to refuse (module_loader.hpp names the line and
// the construct).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace qrt::qir {

struct IrRewrite {
  std::size_t line;       // 1-based, in the original text
  std::string construct;  // what was found, e.g. "captures(none)"
};

// The text with every construct above rewritten; `applied` (when given) lists each rewrite in order.
// String literals ("...") and comments (; to the end of the line) are left untouched.
std::string upgrade_ir_text(std::string_view text, std::vector<IrRewrite>* applied = nullptr);

// The constructs upgrade_ir_text rewrites, for messages ("captures(...), icmp samesign, ...").
std::string_view upgraded_constructs() noexcept;

}  // namespace qrt::qir
