#include "qir/entry_point.hpp"

#include <charconv>

namespace qrt::qir {
namespace {

bool is_marked_entry(const llvm::Function& f) {
  return !f.isDeclaration() && (f.hasFnAttribute("entry_point") || f.hasFnAttribute("EntryPoint"));
}

std::string join_names(const std::vector<llvm::Function*>& functions) {
  std::string text;
  for (const auto* f : functions) text += (text.empty() ? "" : ", ") + f->getName().str();
  return text;
}

std::uint64_t count_attribute(const llvm::Function& f, const char* key, const std::filesystem::path& file) {
  if (!f.hasFnAttribute(key)) return 0;
  llvm::StringRef text = f.getFnAttribute(key).getValueAsString();
  std::uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size())
    throw ProgramError(file.string() + ": error: the entry point's attribute " + key + "=\"" + text.str() +
                       "\" is not a non-negative integer");
  return value;
}

}  // namespace

EntryPoint find_entry_point(llvm::Module& module, const std::filesystem::path& file, const std::string& requested) {
  std::vector<llvm::Function*> marked;
  for (llvm::Function& f : module)
    if (is_marked_entry(f)) marked.push_back(&f);
  EntryPoint entry;
  if (!requested.empty()) {
    llvm::Function* f = module.getFunction(requested);
    if (!f || f->isDeclaration())
      throw ProgramError(file.string() + ": error: no function named '" + requested + "' is defined in the module" +
                         (marked.empty() ? std::string() : " (entry points: " + join_names(marked) + ")"));
    entry.function = f;
  } else if (marked.size() == 1) {
    entry.function = marked.front();
  } else if (marked.empty()) {
    std::vector<llvm::Function*> defined;
    for (llvm::Function& f : module)
      if (!f.isDeclaration() && f.arg_empty() && !f.hasLocalLinkage()) defined.push_back(&f);
    throw ProgramError(
        file.string() +
        ": error: no function is marked as the entry point (attribute \"entry_point\" or "
        "\"EntryPoint\"); choose one with --entry NAME" +
        (defined.empty() ? std::string() : " (functions without parameters: " + join_names(defined) + ")"));
  } else {
    throw ProgramError(file.string() + ": error: the module has " + std::to_string(marked.size()) + " entry points (" +
                       join_names(marked) + "); choose one with --entry NAME");
  }
  if (!entry.function->arg_empty())
    throw ProgramError(file.string() + ": error: the entry point '" + entry.function->getName().str() + "' takes " +
                       std::to_string(entry.function->arg_size()) +
                       " parameters; qrt runs entry points without parameters");
  // A QIR entry point's string attributes are its metadata; a plain function picked with --entry has
  // only code-generation attributes (a C compiler's "target-cpu", ...), which are not.
  bool qir_entry = is_marked_entry(*entry.function);
  for (const llvm::Attribute& attribute : entry.function->getAttributes().getFnAttrs()) {
    if (!qir_entry || !attribute.isStringAttribute()) continue;
    MetadataEntry item{attribute.getKindAsString().str(), std::nullopt};
    if (!attribute.getValueAsString().empty()) item.value = attribute.getValueAsString().str();
    entry.metadata.push_back(std::move(item));
  }
  entry.required_qubits = count_attribute(*entry.function, "required_num_qubits", file);
  entry.required_results = count_attribute(*entry.function, "required_num_results", file);
  return entry;
}

}  // namespace qrt::qir
