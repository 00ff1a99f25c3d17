// qrt::load_program: the front end by content (qrt/program_kind.hpp), every front end this qrt was built with.
#include <qrt/load_program.hpp>

#include <qrt/error.hpp>
#include <qrt/program_kind.hpp>

#ifdef QRT_HAVE_QIR
#include "catalyst/loaded_catalyst.hpp"
#include "qir/loaded_qir.hpp"
#endif

namespace qrt {

LoadedProgram load_program(const std::filesystem::path& file, const LoadOptions& options) {
  switch (program_kind(file)) {
    case ProgramKind::Qir:
#ifdef QRT_HAVE_QIR
      return qir::load(file, options);
#else
      throw Error(ErrorCode::Unsupported, file.string() +
                                              " is a QIR program (LLVM IR), but this qrt was built without the "
                                              "QIR front end (it needs LLVM 19: Debian's llvm-19-dev)");
#endif
    case ProgramKind::Catalyst:
      if (options.force_jit)
        throw RequestError("--jit applies to QIR programs; " + file.string() + " is a Catalyst program");
#ifdef QRT_HAVE_QIR
      return catalyst::load(file, options);
#else
      throw Error(ErrorCode::Unsupported, file.string() +
                                              " is a Catalyst program (LLVM IR), but this qrt was built "
                                              "without LLVM 19 (Debian's llvm-19-dev)");
#endif
    case ProgramKind::OpenQasm: break;
  }
  if (!options.entry.empty())
    throw RequestError("an entry point applies to QIR programs; " + file.string() + " is OpenQASM");
  if (options.force_jit) throw RequestError("the JIT applies to QIR programs; " + file.string() + " is OpenQASM");
  return load_openqasm_file(file);
}

}  // namespace qrt
