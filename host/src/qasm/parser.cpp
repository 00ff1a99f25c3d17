#include <qrt/qasm/parser.hpp>

#include "file_parser.hpp"

#include <algorithm>
#include <fstream>
#include <system_error>

namespace qrt::qasm {
namespace fs = std::filesystem;

namespace detail {
namespace {

// `include "qelib1.inc"` takes the model's standard gates (qrt/program/gate_library.hpp), not a text. This
// entry of Program::sources, a name without text, is what their positions point at, so that messages
// about them say "qelib1.inc". Immutable and shared by every Program (thread-safe static initialisation).
const std::shared_ptr<const program::SourceFile>& qelib1_file() {
  static const auto file = std::make_shared<const program::SourceFile>("qelib1.inc", std::string());
  return file;
}

fs::path canonical_or_absolute(const fs::path& path) {
  std::error_code error;
  fs::path result = fs::weakly_canonical(path, error);
  if (error) result = fs::absolute(path, error);
  return error ? path : result;
}

}  // namespace

std::optional<std::string> read_text_file(const fs::path& path, std::size_t max_bytes, std::string& error) {
  std::error_code code;
  if (fs::is_directory(path, code)) {
    error = "is a directory";
    return std::nullopt;
  }
  const auto size = fs::file_size(path, code);
  if (code) {
    error = code.message();
    return std::nullopt;
  }
  if (size > max_bytes) {
    error = "file is " + std::to_string(size) + " bytes, over the limit of " + std::to_string(max_bytes);
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open file";
    return std::nullopt;
  }
  std::string text(static_cast<std::size_t>(size), '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (in.bad()) {
    error = "read error";
    return std::nullopt;
  }
  return text;
}

void ParseSession::parse_source(std::shared_ptr<const program::SourceFile> file, const fs::path& path,
                                const fs::path& directory, bool is_main) {
  const program::SourceFile& source = *file;
  const std::uint32_t index = builder_.add_source(std::move(file));
  if (!path.empty()) include_stack_.push_back(path);
  FileParser(*this, index, source, directory).parse(is_main);
  if (!path.empty()) include_stack_.pop_back();
}

void ParseSession::include(std::string_view name, program::SourcePos pos, const fs::path& directory) {
  const ParseOptions& options = builder_.options();
  if (name == "qelib1.inc") {
    if (qelib1_included_) {
      builder_.warn(pos, "qelib1.inc is already included; ignoring this include");
      return;
    }
    qelib1_included_ = true;
    builder_.include_standard_gates(qelib1_file(), pos);
    return;
  }
  if (name.empty()) builder_.fail(pos, "empty include file name");
  if (include_stack_.size() >= options.max_include_depth) {
    builder_.fail(pos, "includes nested deeper than the limit of " + std::to_string(options.max_include_depth));
  }
  const fs::path requested{std::string(name)};
  std::vector<fs::path> candidates;
  if (requested.is_absolute()) {
    candidates.push_back(requested);
  } else {
    candidates.push_back(directory / requested);
    for (const fs::path& folder : options.include_paths) candidates.push_back(folder / requested);
  }
  const auto found = std::find_if(candidates.begin(), candidates.end(), [](const fs::path& candidate) {
    std::error_code error;
    return fs::exists(candidate, error) && !fs::is_directory(candidate, error);
  });
  if (found == candidates.end()) {
    std::string looked;
    for (const fs::path& candidate : candidates) looked += (looked.empty() ? "" : ", ") + candidate.string();
    builder_.fail(pos, "include file '" + std::string(name) + "' not found (looked for " + looked + ")");
  }
  const fs::path canonical = canonical_or_absolute(*found);
  if (std::find(include_stack_.begin(), include_stack_.end(), canonical) != include_stack_.end()) {
    std::string chain;
    for (const fs::path& file : include_stack_) chain += file.filename().string() + " -> ";
    builder_.fail(pos, "cyclic include: '" + std::string(name) + "' is already being parsed (" + chain +
                           canonical.filename().string() + ")");
  }
  std::string error;
  std::optional<std::string> text = read_text_file(*found, options.max_file_bytes, error);
  if (!text) builder_.fail(pos, "cannot read include file '" + found->string() + "': " + error);
  parse_source(std::make_shared<const program::SourceFile>(found->string(), std::move(*text)), canonical,
               found->parent_path(), false);
}

}  // namespace detail

program::Program parse_file(const fs::path& path, const ParseOptions& options) {
  std::string error;
  std::optional<std::string> text = detail::read_text_file(path, options.max_file_bytes, error);
  if (!text) {
    program::Diagnostic d;
    d.file = path.string();
    d.message = "cannot read file: " + error;
    throw program::Error(std::move(d));
  }
  detail::ParseSession session(options);
  session.parse_source(std::make_shared<const program::SourceFile>(path.string(), std::move(*text)),
                       detail::canonical_or_absolute(path), path.parent_path(), true);
  return std::move(session).finish();
}

program::Program parse_string(std::string_view source, const std::string& name, const ParseOptions& options) {
  if (source.size() > options.max_file_bytes) {
    program::Diagnostic d;
    d.file = name;
    d.message = "source is " + std::to_string(source.size()) + " bytes, over the limit of " +
                std::to_string(options.max_file_bytes);
    throw program::Error(std::move(d));
  }
  detail::ParseSession session(options);
  session.parse_source(std::make_shared<const program::SourceFile>(name, std::string(source)), {},
                       fs::path(name).parent_path(), true);
  return std::move(session).finish();
}

}  // namespace qrt::qasm
